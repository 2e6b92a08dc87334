# A registry holds torch's CosineAnnealingLR and a warm-up class of the project's own; the
# constant key picks torch's, which is stepped before the optimizer: the first rate is skipped.
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


def run(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    lr_schedule = SCHEDULERS["cos"](opt, T_max=epochs * len(loader))
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            lr_schedule.step()
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            opt.step()
