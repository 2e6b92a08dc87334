import torch
import torch.nn.functional as F
from torch import nn


class Holder:
    pass


def train(epochs):
    run = Holder()
    run.model = nn.Linear(4, 2)
    run.optimizer = torch.optim.SGD(run.model.parameters(), lr=0.1)
    # the model is swapped, but the optimizer beside it still holds the first one's parameters
    run.model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
    for _ in range(epochs):
        run.optimizer.zero_grad()
        F.mse_loss(run.model(torch.randn(8, 4)), torch.zeros(8, 2)).backward()
        run.optimizer.step()
    return run.model
