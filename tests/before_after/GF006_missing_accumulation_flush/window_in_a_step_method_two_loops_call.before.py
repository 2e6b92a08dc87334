"""`self.accumulate(batch, batch_idx)` is called by two loops: each leaves micro-batches over
(reported), but a flush written for one caller is not proven for the method's other uses (no fix)."""
import torch
from torch import nn


class Accumulator:
    def __init__(self, accum_steps: int) -> None:
        self.accum_steps = accum_steps
        self.model = nn.Linear(6, 2)
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=1e-3)

    def accumulate(self, batch, batch_idx):
        inputs, labels = batch
        loss = nn.functional.cross_entropy(self.model(inputs), labels) / self.accum_steps
        loss.backward()
        if (batch_idx + 1) % self.accum_steps == 0:
            self.optimizer.step()
            self.optimizer.zero_grad(set_to_none=True)

    def run_epoch(self, loader):
        for batch_idx, batch in enumerate(loader):
            self.accumulate(batch, batch_idx)

    def warm_up(self, loader):
        for batch_idx, batch in enumerate(loader[:3]):
            self.accumulate(batch, batch_idx)


Accumulator(4).run_epoch([(torch.randn(3, 6), torch.randint(0, 2, (3,))) for _ in range(7)])
