import torch
from torch import nn

from utils import keep_update_small


def train(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.mse_loss(model(x), y).backward()
            norm = keep_update_small(model)  # too late: the step used the unclipped gradients
            optimizer.step()
            print(f"grad norm {norm:.3f}")
