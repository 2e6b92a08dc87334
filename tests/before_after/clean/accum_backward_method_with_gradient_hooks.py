"""The helper class registers gradient hooks that divide every parameter's gradient by the
window: its `backward` passes the loss on unchanged, yet the accumulation is scaled."""

import torch


class HookedAccumulator:
    def __init__(self, model, window):
        self.window = window
        for p in model.parameters():
            p.register_hook(self._rescale)

    def _rescale(self, grad):
        return grad / self.window

    def backward(self, loss):
        loss.backward()


model = torch.nn.Linear(16, 4)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
accumulator = HookedAccumulator(model, window=4)
for step in range(400):
    loss = model(torch.randn(32, 16)).pow(2).mean()
    accumulator.backward(loss)
    if (step + 1) % 4 == 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
