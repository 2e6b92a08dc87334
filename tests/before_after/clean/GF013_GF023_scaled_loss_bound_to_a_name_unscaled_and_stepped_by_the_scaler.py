import torch
from torch import nn


def train(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    scaler = torch.amp.GradScaler("cuda")
    for epoch in range(epochs):
        for inputs, targets in loader:
            optimizer.zero_grad()
            with torch.autocast("cuda", dtype=torch.float16):
                loss = nn.functional.cross_entropy(model(inputs), targets)
            scaled = scaler.scale(loss)
            scaled.backward()
            scaler.unscale_(optimizer)
            nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            scaler.step(optimizer)
            scaler.update()


def probe(model, inputs, targets, scaler):
    """A plain backward of a name bound twice (once to a scaled loss): not read as scaled."""
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    for _ in range(2):
        optimizer.zero_grad()
        scaled = nn.functional.cross_entropy(model(inputs), targets)
        if scaler is not None:
            scaled = scaled * 1.0
        scaled.backward()
        optimizer.step()
