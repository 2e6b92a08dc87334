"""The window sits in `accumulate`, the method the epoch's loop calls once per micro-batch
with its index: the micro-batches after the last multiple of `self.accum_steps` never step
(the flush goes after the loop in `run_epoch`, with the loop's own index)."""
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
        return loss.detach()

    def run_epoch(self, loader):
        self.model.train()
        for batch_idx, batch in enumerate(loader):
            self.accumulate(batch, batch_idx)


Accumulator(4).run_epoch([(torch.randn(3, 6), torch.randint(0, 2, (3,))) for _ in range(7)])
