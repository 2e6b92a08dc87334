import torch
from step import sgd_step


def train_a(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
        optimizer.zero_grad()
        sgd_step(model, optimizer, x, y)
