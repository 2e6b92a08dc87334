# A `OneCycleLR` over every batch of every epoch, handed to a callback object of the file that
# keeps it as `self.scheduler` and steps it in `on_epoch_end()`, called once per epoch: the
# one-cycle schedule barely leaves its warmup. (Reported without a fix: the step is in the method.)
import torch
from torch import nn

EPOCHS = 20


class SchedulerCallback:
    def __init__(self, scheduler, log_every=1):
        self.scheduler = scheduler
        self.log_every = log_every

    def on_epoch_end(self):
        self.scheduler.step()


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    one_cycle = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=0.1, total_steps=EPOCHS * len(loader))
    callback = SchedulerCallback(one_cycle)
    for epoch in range(EPOCHS):
        for x, y in loader:
            optimizer.zero_grad()
            loss = nn.functional.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
        callback.on_epoch_end()
