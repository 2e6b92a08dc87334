import torch.nn.functional as F
from torch import optim


def train(model, loader, epochs):
    for epoch in range(epochs):
        optimizer = optim.Adam(model.parameters(), lr=1e-3)
        for x, y in loader:
            optimizer.zero_grad()
            F.mse_loss(model(x), y).backward()
            optimizer.step()
        print(f"epoch {epoch} done")
