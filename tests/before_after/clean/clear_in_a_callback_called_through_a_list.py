"""Keras-style callbacks: the loop calls `on_batch_end` on every callback of a list, and one of
them clears the optimizer it was given. gradfix cannot tell which class each element is; a hook
of that name in the file clears, so the loop is not reported."""
import torch
import torch.nn.functional as F
from torch import nn


class Callback:
    def on_batch_end(self, step):
        pass


class ZeroGrad(Callback):
    def __init__(self, optimizer):
        self.optimizer = optimizer

    def on_batch_end(self, step):
        self.optimizer.zero_grad(set_to_none=True)


class PrintEvery(Callback):
    def on_batch_end(self, step):
        if step % 5 == 0:
            print("step", step)


model = nn.Linear(6, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
callbacks = [ZeroGrad(optimizer), PrintEvery()]
batches = [(torch.randn(6, 6), torch.randn(6, 1)) for _ in range(10)]
for step, (x, y) in enumerate(batches):
    F.mse_loss(model(x), y).backward()
    optimizer.step()
    for callback in callbacks:
        callback.on_batch_end(step)
