"""A subclass scales the loss and hands it to its base class's `backward` through `super()`."""

import torch


class Backward:
    def backward(self, loss):
        loss.backward()


class WindowedBackward(Backward):
    def __init__(self, window):
        self.window = window

    def backward(self, loss):
        super().backward(loss / self.window)


model = torch.nn.Linear(16, 4)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
windowed = WindowedBackward(window=4)
for step in range(400):
    loss = model(torch.randn(32, 16)).pow(2).mean()
    windowed.backward(loss)
    if (step + 1) % 4 == 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
