# Correct: the window's losses are divided by the count inside a linear reduction.
import torch


def train(model, optimizer, loader, accumulation_steps):
    for i, (x, y) in enumerate(loader):
        per_sample = torch.nn.functional.mse_loss(model(x), y, reduction="none")
        loss = torch.mean(per_sample / accumulation_steps)
        loss.backward()
        if (i + 1) % accumulation_steps == 0:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
    if (i + 1) % accumulation_steps != 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
