import dataclasses
from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass(frozen=True)
class Tally:
    epoch: int = 0
    k: int = 0


class Learner:
    def __init__(self, model, accumulate):
        self.model = model
        self.accumulate = accumulate
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)

    def update(self, tally, x, y):
        loss = nn.functional.cross_entropy(self.model(x), y) / self.accumulate
        loss.backward()
        if tally.k % self.accumulate == 0:
            self.optimizer.step()
            self.optimizer.zero_grad(set_to_none=True)
        return dataclasses.replace(tally, k=tally.k + 1)

    def fit(self, loader, epochs):
        tally = Tally()
        for epoch in range(epochs):
            tally = dataclasses.replace(tally, epoch=epoch, k=0)
            for x, y in loader:
                tally = self.update(tally, x, y)
            if tally.k % self.accumulate != 0:
                self.optimizer.step()
                self.optimizer.zero_grad(set_to_none=True)


learner = Learner(nn.Sequential(nn.Linear(8, 4)), 4)
learner.fit([(torch.randn(3, 8), torch.randint(0, 4, (3,))) for _ in range(8)], 2)
