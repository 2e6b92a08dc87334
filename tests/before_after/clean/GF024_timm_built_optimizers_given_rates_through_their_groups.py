"""Correct: the rate of a timm-built optimizer written into its parameter groups."""
import torch
from timm.optim import create_optimizer_v2


def train(model, loader, epochs):
    optimizer = create_optimizer_v2(model, "lamb", lr=2e-3, weight_decay=0.02)
    for epoch in range(epochs):
        for group in optimizer.param_groups:
            group["lr"] = 2e-3 * 0.5 ** epoch
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()

