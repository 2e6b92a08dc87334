"""The trainer counts micro-batches on itself, across epochs, and increments the counter
before the test: the first window holds `accum_steps` micro-batches."""

import torch


class Trainer:
    def __init__(self, model, optimizer, accum_steps):
        self.model = model
        self.optimizer = optimizer
        self.accum_steps = accum_steps
        self.micro = 0

    def train_epoch(self, loader):
        for x, y in loader:
            self.micro += 1
            (torch.nn.functional.cross_entropy(self.model(x), y) / self.accum_steps).backward()
            if self.micro % self.accum_steps == 0:
                self.optimizer.step()
                self.optimizer.zero_grad()
