import torch
from torch import nn

hp = {"subdivisions": 1, "lr": 0.1}
model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=hp["lr"])


def train(loader):
    for i, (x, y) in enumerate(loader):
        nn.functional.mse_loss(model(x), y).backward()
        if (i + 1) % hp["subdivisions"] == 0:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
