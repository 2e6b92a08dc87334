"""`grad_acc.backward(loss)` calls a method of this file that divides the loss by the
window itself: the loop's accumulation is scaled, and `grad_acc` is no tensor to divide."""

import torch


class GradientAccumulator:
    def __init__(self, steps):
        self.steps = steps

    def backward(self, loss):
        (loss / self.steps).backward()


def train(model, optimizer, loader, accum_steps=4):
    grad_acc = GradientAccumulator(accum_steps)
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.cross_entropy(model(x), y)
        grad_acc.backward(loss)
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
    if (i + 1) % accum_steps != 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
