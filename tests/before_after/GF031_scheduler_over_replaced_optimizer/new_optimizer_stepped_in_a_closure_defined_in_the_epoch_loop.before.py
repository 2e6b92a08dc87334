import torch
from torch import nn


def train(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    warmup = torch.optim.lr_scheduler.LambdaLR(opt, lambda e: min(1.0, (e + 1) / 3))
    opt = torch.optim.RMSprop(model.parameters(), lr=1e-3)
    losses = []
    for _ in range(epochs):

        def batch_update(x, y):
            opt.zero_grad()
            loss = nn.functional.cross_entropy(model(x), y)
            loss.backward()
            opt.step()
            return loss.detach()

        for x, y in loader:
            losses.append(batch_update(x, y))
        warmup.step()
    return losses
