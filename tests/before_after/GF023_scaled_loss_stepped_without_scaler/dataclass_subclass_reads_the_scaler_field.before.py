# The scaler is a field of a dataclass base; the subclass of the file steps, its loop in
# fit(), the scaler built once beside the loop.
from dataclasses import dataclass

import torch
import torch.nn.functional as F


@dataclass
class Base:
    model: torch.nn.Module
    opt: torch.optim.Optimizer
    loss_scaler: object = None

    def batch(self, x, y):
        raise NotImplementedError

    def fit(self, batches):
        losses = []
        for x, y in batches:
            losses.append(self.batch(x, y))
        return losses


class Regressor(Base):
    def batch(self, x, y):
        self.opt.zero_grad()
        loss = F.l1_loss(self.model(x), y)
        self.loss_scaler.scale(loss).backward()
        self.opt.step()
        self.loss_scaler.update()
        return float(loss)


def main():
    model = torch.nn.Linear(3, 1)
    amp = torch.amp.GradScaler("cpu")
    Regressor(model, torch.optim.Adam(model.parameters()), loss_scaler=amp).fit([(torch.randn(4, 3), torch.randn(4, 1))] * 3)


main()
