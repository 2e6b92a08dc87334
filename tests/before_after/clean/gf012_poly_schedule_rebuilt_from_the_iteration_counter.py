# A poly schedule rebuilt at every batch from the global iteration counter: its constructor
# sets this batch's learning rate from `done`, and its `get_lr` reads `done`, not the count of
# steps. The `step()` before the optimizer's recomputes the same value: nothing is skipped.
import torch
from torch import nn
from torch.optim.lr_scheduler import _LRScheduler


class PolyDecayLR(_LRScheduler):
    def __init__(self, optimizer, total, done, exponent=0.9):
        self.total = total
        self.done = done
        self.exponent = exponent
        super().__init__(optimizer)

    def get_lr(self):
        return [lr * (1 - self.done / self.total) ** self.exponent for lr in self.base_lrs]


def run_epoch(net, batches, optimizer, epoch, epochs):
    net.train()
    per_epoch = len(batches)
    for k, (x, y) in enumerate(batches):
        schedule = PolyDecayLR(optimizer, total=epochs * per_epoch, done=epoch * per_epoch + k)
        schedule.step()
        optimizer.zero_grad()
        nn.functional.smooth_l1_loss(net(x), y).backward()
        optimizer.step()


if __name__ == "__main__":
    net = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 1))
    optimizer = torch.optim.SGD(net.parameters(), lr=0.05)
    batches = [(torch.randn(5, 6), torch.randn(5, 1)) for _ in range(4)]
    for epoch in range(3):
        run_epoch(net, batches, optimizer, epoch, 3)
