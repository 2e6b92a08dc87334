import torch
from torch import nn


def fit_batch(model, opt, x, y):
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward(retain_graph=True)
    opt.step()
    return loss


def train(model, loader):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
        # the returned loss keeps its graph: a second pass through it needs the retained graph
        again = fit_batch(model, opt, x, y).cpu()
        (0.1 * again).backward()
    return model
