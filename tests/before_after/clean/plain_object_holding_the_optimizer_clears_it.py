import torch
from torch import nn


class Stepper:
    def __init__(self, handle, base_lr):
        self.h = handle
        self.base_lr = base_lr

    def reset(self, it):
        self.h.zero_grad()
        for group in self.h.param_groups:
            group["lr"] = self.base_lr * min(1.0, (it + 1) / 50)


net = nn.Linear(6, 3)
sgd = torch.optim.SGD(net.parameters(), lr=0.1)
stepper = Stepper(sgd, 0.1)
batches = [(torch.randn(5, 6), torch.randint(0, 3, (5,))) for _ in range(20)]
for it, (x, y) in enumerate(batches):
    stepper.reset(it)
    nn.functional.cross_entropy(net(x), y).backward()
    sgd.step()
