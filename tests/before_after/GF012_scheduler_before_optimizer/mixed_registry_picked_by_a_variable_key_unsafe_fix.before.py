# The scheduler class is picked from a registry holding both torch's CosineAnnealingLR and a
# warm-up class of the project's own, by a key that is not written out: it may be torch's
# (stepped before the optimizer: the first rate is skipped) or the project's warm-up (stepped
# first on purpose). Reported, with an unsafe fix.
import torch
from torch.optim.lr_scheduler import CosineAnnealingLR


class LinearWarmup:
    def __init__(self, optimizer, steps=100):
        self.optimizer = optimizer
        self.steps = steps
        self.count = 0

    def step(self):
        self.count += 1
        for group in self.optimizer.param_groups:
            group["lr"] = 0.1 * min(1.0, self.count / self.steps)


SCHEDULERS = {"cos": CosineAnnealingLR, "warm": LinearWarmup}


def run(model, loader, epochs, kind):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    sched = SCHEDULERS[kind](opt)
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            sched.step()
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            opt.step()
