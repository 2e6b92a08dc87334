import torch
from torch import nn

from tools.dist import all_reduce_loss


def train(model, loader, epochs, world_size=1):
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    history = []
    for epoch in range(epochs):
        running = 0.0
        for x, y in loader:
            optimizer.zero_grad()
            loss = nn.functional.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
            running += all_reduce_loss(loss, world_size)
        history.append(running / len(loader))
    return history
