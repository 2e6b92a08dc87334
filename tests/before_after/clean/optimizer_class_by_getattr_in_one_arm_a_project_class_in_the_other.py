import torch
from torch import nn

from optimizers import LARS  # keeps its own `lr` attribute and reads it in step()


def main(name, lr, epochs):
    model = nn.Linear(3, 1)
    if name == "LARS":
        optimizer_class = LARS
    else:
        optimizer_class = getattr(torch.optim, name)
    optimizer = optimizer_class(model.parameters(), lr=lr)
    for epoch in range(epochs):
        if epoch == epochs // 2:
            optimizer.lr = lr * 0.1
        for _ in range(4):
            optimizer.zero_grad()
            nn.functional.mse_loss(model(torch.randn(8, 3)), torch.randn(8, 1)).backward()
            optimizer.step()


main("LARS", 0.1, 4)
