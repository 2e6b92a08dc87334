import torch
from accelerate import Accelerator


def train(model, loader):
    accelerator = Accelerator(gradient_accumulation_steps=4)
    model, optimizer, loader = accelerator.prepare(model, torch.optim.AdamW(model.parameters(), lr=1e-4), loader)
    for batch in loader:
        with accelerator.accumulate(model):
            accelerator.backward(model(**batch).loss)
            accelerator.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            optimizer.zero_grad()
