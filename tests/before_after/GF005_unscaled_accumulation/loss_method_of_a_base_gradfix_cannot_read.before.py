"""`self.objective(...)` is no method of the class: it comes from a base of a library gradfix
cannot read, which may divide it already. Reported, without a fix."""

import torch
from somelib import BaseTrainer


class Trainer(BaseTrainer):
    accum = 4

    def train_epoch(self, loader):
        for i, (x, y) in enumerate(loader):
            self.objective(x, y).backward()
            if (i + 1) % self.accum == 0:
                self.opt.step()
                self.opt.zero_grad()
        if (i + 1) % self.accum != 0:
            self.opt.step()
            self.opt.zero_grad()
