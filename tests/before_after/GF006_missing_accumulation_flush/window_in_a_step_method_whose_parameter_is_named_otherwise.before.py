"""The window sits in the step method, whose parameter `it` the epoch's loop passes its own
index `i` for: the micro-batches after the last multiple of `self.accum` never step (the flush
goes after the loop, reading `i`)."""
import torch
from torch import nn


class Trainer:
    def __init__(self, model: nn.Module, accum: int) -> None:
        self.model = model
        self.accum = accum
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

    def train_step(self, batch, it):
        x, y = batch
        loss = nn.functional.mse_loss(self.model(x), y) / self.accum
        loss.backward()
        if (it + 1) % self.accum == 0:
            self.optimizer.step()
            self.optimizer.zero_grad()

    def train_epoch(self, loader):
        for i, batch in enumerate(loader):
            self.train_step(batch, i)
