import torch
from step import sgd_step


def train_b(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
        sgd_step(model, optimizer, x, y)  # relies on someone else clearing
