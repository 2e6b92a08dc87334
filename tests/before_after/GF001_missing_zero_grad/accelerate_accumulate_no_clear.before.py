import torch
from accelerate import Accelerator


def train(model, loader, epochs):
    accelerator = Accelerator(gradient_accumulation_steps=4)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for epoch in range(epochs):
        for batch in loader:
            with accelerator.accumulate(model):
                loss = model(**batch).loss
                accelerator.backward(loss)
                optimizer.step()
