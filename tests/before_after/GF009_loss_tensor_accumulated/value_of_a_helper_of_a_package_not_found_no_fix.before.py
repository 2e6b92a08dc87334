import torch
from torch import nn

from trainlib.distributed import reduce_loss


def train(model, loader, device, epochs=10):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    history = []
    for epoch in range(epochs):
        running = 0.0
        for x, y in loader:
            optimizer.zero_grad()
            loss = nn.functional.cross_entropy(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
            running += reduce_loss(loss, device)
        history.append(running)
    return history
