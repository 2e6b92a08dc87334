import torch
from torch import nn


def fit_batch(model, opt, x, y):
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward(retain_graph=True)
    opt.step()
    return loss


def train(model, loader, epochs=2):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    history = []
    for epoch in range(epochs):
        for x, y in loader:
            history.append(fit_batch(model, opt, x, y).detach())
    return torch.stack(history).mean()
