"""A warm-up class of the file subclassing `LambdaLR`, run first by a `SequentialLR`: its horizon
(`total=len(loader) * epochs`) and the milestone count batches, and the whole schedule steps
once per epoch."""
import torch
from torch.optim.lr_scheduler import ExponentialLR, LambdaLR, SequentialLR


class RampUp(LambdaLR):
    def __init__(self, optimizer, total):
        self.total = total
        super().__init__(optimizer, lr_lambda=self.scale)

    def scale(self, step):
        return min(1.0, (step + 1) / self.total)


def fit(net, loader, epochs):
    opt = torch.optim.SGD(net.parameters(), lr=0.05)
    ramp = RampUp(opt, total=len(loader) * epochs)
    sched = SequentialLR(opt, [ramp, ExponentialLR(opt, gamma=0.9)], milestones=[len(loader) * 2])
    epoch = 0
    while epoch < epochs:
        for x, y in loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(net(x), y).backward()
            opt.step()
        sched.step()
        epoch += 1
