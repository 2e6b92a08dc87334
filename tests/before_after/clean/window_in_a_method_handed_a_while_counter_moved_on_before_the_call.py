import torch
from torch import nn


class Trainer:
    def __init__(self, accum_steps=4):
        self.model = nn.Linear(4, 1)
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.1)
        self.accum_steps = accum_steps

    def train_step(self, batch, it):
        x, y = batch
        loss = nn.functional.mse_loss(self.model(x), y) / self.accum_steps
        loss.backward()
        if it % self.accum_steps == 0:
            self.optimizer.step()
            self.optimizer.zero_grad(set_to_none=True)

    def fit(self, batches):
        it = 0
        while it < len(batches):
            it += 1
            self.train_step(batches[it - 1], it)
        if it % self.accum_steps != 0:
            self.optimizer.step()
            self.optimizer.zero_grad(set_to_none=True)


Trainer().fit([(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(10)])
