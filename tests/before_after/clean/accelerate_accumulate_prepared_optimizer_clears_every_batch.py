import torch
import torch.nn.functional as F
from accelerate import Accelerator


def train(model, dataset, epochs=2):
    accelerator = Accelerator(gradient_accumulation_steps=4)
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    loader = torch.utils.data.DataLoader(dataset, batch_size=8, shuffle=True)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for epoch in range(epochs):
        for inputs, targets in loader:
            with accelerator.accumulate(model):
                loss = F.cross_entropy(model(inputs), targets)
                accelerator.backward(loss)
                optimizer.step()
                optimizer.zero_grad()
