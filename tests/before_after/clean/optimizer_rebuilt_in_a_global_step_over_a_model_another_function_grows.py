import torch
from torch import nn

model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)


def grow(width):
    global model
    model = nn.Sequential(nn.Linear(4, width), nn.ReLU(), nn.Linear(width, 1))


def train_one(x, y):
    global optimizer
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    optimizer.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    optimizer.step()


def train(batches):
    for step, (x, y) in enumerate(batches):
        grow(8 + step)
        train_one(x, y)
