from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class TrainerConfig:
    lr: float = 0.1
    decay_every: int = 3


class Trainer:
    def __init__(self, cfg: TrainerConfig) -> None:
        self.cfg = cfg
        self.model = nn.Linear(8, 3)
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=cfg.lr)

    def train_step(self, x: torch.Tensor, y: torch.Tensor, step: int) -> float:
        self.optimizer.lr = self.cfg.lr * 0.5 ** (step // self.cfg.decay_every)
        for param_group in self.optimizer.param_groups:
            param_group["lr"] = self.optimizer.lr
        self.optimizer.zero_grad()
        loss = F.cross_entropy(self.model(x), y)
        loss.backward()
        self.optimizer.step()
        return loss.item()
