import torch
from torch import nn


def fit(model, loader, epochs, double_loss=False):
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for epoch in range(epochs):
        for x, y in loader:
            loss = nn.functional.mse_loss(model(x), y)
            if double_loss:
                opt.zero_grad()
                (2 * loss).backward()
            else:
                opt.zero_grad(set_to_none=True)
                loss.backward()
            opt.step()
    return model
