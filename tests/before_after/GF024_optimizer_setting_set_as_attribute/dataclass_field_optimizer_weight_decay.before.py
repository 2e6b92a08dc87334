# The optimizer is a field of a dataclass, built beside the call; weight decay switched off
# late in training through setattr.
from dataclasses import dataclass

import torch
import torch.nn.functional as F


@dataclass
class Finetune:
    model: torch.nn.Module
    adamw: torch.optim.Optimizer
    steps: int = 6

    def run(self, x, y):
        for step in range(self.steps):
            if step == self.steps // 2:
                setattr(self.adamw, "weight_decay", 0.0)
            self.adamw.zero_grad()
            F.smooth_l1_loss(self.model(x), y).backward()
            self.adamw.step()


model = torch.nn.Linear(3, 1)
adamw = torch.optim.AdamW(model.parameters(), lr=1e-2, weight_decay=0.1)
Finetune(model, adamw).run(torch.randn(8, 3), torch.randn(8, 1))
