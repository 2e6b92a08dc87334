import torch
import torch.nn.functional as F
from torch import nn


class Task:
    def __init__(self):
        self.net = nn.Linear(4, 2)

    def compute_loss(self, batch):
        x, y = batch
        return self._error(self.net(x), y)

    def _error(self, out, y):
        return F.mse_loss(out, y)


task = Task()
optimizer = torch.optim.SGD(task.net.parameters(), lr=0.1)
ACCUM_STEPS = 4
batches = [(torch.randn(3, 4), torch.randn(3, 2)) for _ in range(16)]
step = 0
while step < len(batches):
    loss = task.compute_loss(batches[step])
    loss.backward()
    if (step + 1) % ACCUM_STEPS == 0:
        optimizer.step()
        optimizer.zero_grad()
    step += 1
