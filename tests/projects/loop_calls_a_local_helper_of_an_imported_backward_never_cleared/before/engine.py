import torch


def backprop(model, batch):
    x, y = batch
    torch.nn.functional.mse_loss(model(x), y).backward()
