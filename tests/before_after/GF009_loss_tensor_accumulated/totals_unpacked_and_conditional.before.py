import torch
from torch import nn


def train(model, loader, epochs=3, log_every=10):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    seen, epoch_loss = 0, 0.0
    logged = []
    for epoch in range(epochs):
        for i, (x, y) in enumerate(loader):
            optimizer.zero_grad(set_to_none=True)
            loss = nn.functional.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
            epoch_loss += loss if i % 2 == 0 else 0.0
            seen += 1
            if i % log_every == 0:
                logged = logged + [loss]
    return epoch_loss / max(seen, 1), logged
