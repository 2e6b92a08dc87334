import torch
from torch import nn


class RunningMean:
    """Keeps the mean of what it is given, read through `.data` (no autograd graph)."""

    def __init__(self):
        self.total = 0.0
        self.seen = 0

    def update(self, value):
        self.seen += value.data.numel()
        self.total += value.data.sum()

    def mean(self):
        return self.total / max(self.seen, 1)


net = nn.Linear(6, 3)
loss_fn = nn.CrossEntropyLoss(reduction="none")
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
tracker = RunningMean()
step = 0
while step < 20:
    inputs, labels = torch.randn(4, 6), torch.randint(0, 3, (4,))
    per_sample = loss_fn(net(inputs), labels)
    opt.zero_grad(set_to_none=True)
    per_sample.mean().backward()
    opt.step()
    tracker.update(per_sample)
    step += 1
print(float(tracker.mean()))
