import torch
from torch.optim import Adam


def train(model, loader, epochs, lr):
    params = filter(lambda p: p.requires_grad, model.parameters())
    for epoch in range(epochs):
        opt = Adam(params, lr=lr * 0.95**epoch)
        for x, y in loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
