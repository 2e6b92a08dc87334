"""`def train_step(self, x, y, it)` rebinds `it` (a global count kept by the trainer) before
its window: the test does not read the loop's index, and the trainer's own count never leaves
micro-batches behind across epochs. Nothing to report for GF006."""
import torch
from torch import nn

ACCUM = 3


class Runner:
    def __init__(self) -> None:
        self.net = nn.Linear(4, 1)
        self.opt = torch.optim.SGD(self.net.parameters(), lr=0.05)
        self.seen = 0

    def train_step(self, x, y, it):
        it = self.seen
        self.seen += 1
        (nn.functional.mse_loss(self.net(x), y) / ACCUM).backward()
        if (it + 1) % ACCUM == 0:
            self.opt.step()
            self.opt.zero_grad()

    def train_epoch(self, data):
        for i, (x, y) in enumerate(data):
            self.train_step(x, y, i)
