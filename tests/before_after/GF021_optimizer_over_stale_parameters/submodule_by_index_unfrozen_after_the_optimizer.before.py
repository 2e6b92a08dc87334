import torch
from torch import nn


def fine_tune(loader, epochs: int = 10, unfreeze_at: int = 3):
    model = nn.Sequential(nn.Linear(128, 64), nn.ReLU(), nn.Linear(64, 10))
    for p in model[0].parameters():
        p.requires_grad = False
    optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-3)
    for epoch in range(epochs):
        if epoch == unfreeze_at:
            model[0].requires_grad_(True)
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
