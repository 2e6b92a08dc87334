"""The object's class is this file's, but `backward` comes from a base class of a library
gradfix cannot read: what it does to the loss is unknown, so nothing is said about it."""

import torch
from fancy_training.precision import MasterWeightsOptimizerWrapper


class Wrapper(MasterWeightsOptimizerWrapper):
    def __init__(self, optimizer, loss_scale="dynamic"):
        super().__init__(optimizer, loss_scale=loss_scale)


def train(model, loader, accumulation=8):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    wrapper = Wrapper(optimizer)
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x), y)
        wrapper.backward(loss)
        if (i + 1) % accumulation == 0:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
    if (i + 1) % accumulation != 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
