from dataclasses import dataclass
from accelerate import Accelerator
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
X = torch.randn(40, 8)
Y = torch.randint(0, 3, (40,))
batches = [(X[k:k + 4], Y[k:k + 4]) for k in range(0, 40, 4)]
ACC = 5
WIN = 4


@dataclass
class Cfg:
    accum: int = 5
    lr: float = 0.1


class AccTrainer:
    def __init__(self, cfg: Cfg) -> None:
        self.cfg = cfg
        self.accelerator = Accelerator(gradient_accumulation_steps=cfg.accum, cpu=True)
        model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))
        opt = torch.optim.SGD(model.parameters(), lr=cfg.lr)
        self.model, self.optimizer = self.accelerator.prepare(model, opt)

    def train_step(self, x, y):
        with self.accelerator.accumulate(self.model):
            loss = F.cross_entropy(self.model(x), y)
            self.accelerator.backward(loss / self.cfg.accum)
            self.optimizer.step()
            self.optimizer.zero_grad()
        return loss

    def train_epoch(self, data):
        for x, y in data:
            loss = self.train_step(x, y)
        return loss


trainer = AccTrainer(Cfg())
final = trainer.train_epoch(batches)

import os
if os.environ.get("V44_OUT"):
    torch.save({"loss": float(final), "state": trainer.model.state_dict()}, os.environ["V44_OUT"])
