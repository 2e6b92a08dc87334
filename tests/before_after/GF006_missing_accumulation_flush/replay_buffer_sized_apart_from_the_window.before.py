import torch
from torch import nn


class Replayer:
    def __init__(self, model, optimizer, accum_steps, buffer_size):
        self.model = model
        self.optimizer = optimizer
        self.accum_steps = accum_steps
        self.buffer = [None] * buffer_size

    def micro_step(self, batch, k):
        x, y = batch
        loss = nn.functional.mse_loss(self.model(x), y) / self.accum_steps
        loss.backward()
        if (k + 1) % self.accum_steps == 0:
            self.optimizer.step()
            self.optimizer.zero_grad()

    def fit(self, loader, passes):
        for n, batch in enumerate(loader):
            self.buffer[n % len(self.buffer)] = batch
            if (n + 1) % len(self.buffer) == 0:
                for _ in range(passes):
                    for k, stored in enumerate(self.buffer):
                        self.micro_step(stored, k)
