import torch.nn as nn
from accelerate import Accelerator


def train(model, optimizer, loader, gradient_accumulation_steps):
    accelerator = Accelerator()  # divides by nothing: the loop divides itself
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for step, (x, y) in enumerate(loader):
        loss = nn.functional.mse_loss(model(x), y) / gradient_accumulation_steps
        accelerator.backward(loss)
        if (step + 1) % gradient_accumulation_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
    if (step + 1) % gradient_accumulation_steps != 0:
        optimizer.step()
        optimizer.zero_grad()


def finetune_head(model, optimizer, loader, gradient_accumulation_steps):
    accelerator = Accelerator(gradient_accumulation_steps=gradient_accumulation_steps)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for x, y in loader:
        with accelerator.accumulate(model):
            loss = nn.functional.mse_loss(model(x), y)
            accelerator.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
