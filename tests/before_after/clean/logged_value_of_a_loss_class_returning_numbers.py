import torch
from torch import nn


class RunningLoss:
    """The mean of the values it has seen, as a Python number."""

    def __init__(self):
        self.total, self.count = 0.0, 0

    def __call__(self, value):
        self.total += float(value)
        self.count += 1
        return self.total / self.count


model = nn.Linear(8, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
smoothed = RunningLoss()
batches = [(torch.randn(4, 8), torch.randn(4, 1)) for _ in range(20)]
history = []
for x, y in batches:
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    history.append(smoothed(loss.item()))
