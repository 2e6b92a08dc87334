import torch
from accelerate import Accelerator


def train(model, loader, epochs):
    accelerator = Accelerator()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for epoch in range(epochs):
        for batch in loader:
            optimizer.zero_grad()
            loss = model(**batch).loss
            accelerator.backward(loss)
            optimizer.step()
    accelerator.free_memory()
