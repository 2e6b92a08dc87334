"""The loss is backpropagated by an object's `backward(loss)` method: it is still this
step's loss tensor, and summing it keeps every step's graph alive."""

import torch


class Backward:
    def __init__(self):
        self.calls = 0

    def backward(self, loss):
        self.calls += 1
        loss.backward()


def train(model, loader, optimizer):
    backward = Backward()
    epoch_loss = 0
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        loss = (model(x) - y).pow(2).mean()
        backward.backward(loss)
        optimizer.step()
        epoch_loss += loss
    return epoch_loss / len(loader)
