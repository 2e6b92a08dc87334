from typing import NamedTuple

import torch
import torch.nn as nn


class Meter(NamedTuple):
    count: int
    loss_sum: object


class Trainer:
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)

    def train_step(self, meter, x, y):
        self.opt.zero_grad(set_to_none=True)
        loss = nn.functional.cross_entropy(self.model(x), y)
        loss.backward()
        self.opt.step()
        return meter._replace(count=meter.count + 1, loss_sum=meter.loss_sum + loss.detach())

    def epoch(self, loader):
        meter = Meter(0, 0.0)
        for x, y in loader:
            meter = self.train_step(meter, x, y)
        return meter.loss_sum / max(meter.count, 1)


trainer = Trainer(nn.Linear(6, 3))
for _ in range(2):
    trainer.epoch([(torch.randn(4, 6), torch.randint(0, 3, (4,))) for _ in range(5)])
