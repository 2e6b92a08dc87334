import torch
from torch.autograd import backward as run_backward


def backprop(loss):
    run_backward(loss)


def fit(model, loader, opt):
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x), y)
        backprop(loss)
        opt.step()
