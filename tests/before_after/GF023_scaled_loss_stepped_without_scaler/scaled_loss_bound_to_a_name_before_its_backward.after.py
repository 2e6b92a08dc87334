import torch
from torch import nn


def train(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    grad_scaler = torch.amp.GradScaler("cuda")
    for epoch in range(epochs):
        for inputs, targets in loader:
            optimizer.zero_grad()
            with torch.autocast("cuda", dtype=torch.float16):
                loss = nn.functional.cross_entropy(model(inputs), targets)
            scaled = grad_scaler.scale(loss)
            scaled.backward()
            grad_scaler.step(optimizer)
            grad_scaler.update()
