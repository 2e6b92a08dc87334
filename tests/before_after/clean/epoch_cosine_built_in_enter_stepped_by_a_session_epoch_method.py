# Correct: a session entered by `with Session(model) as session:` builds a cosine schedule over
# the epochs in `__enter__` and steps it in `end_epoch()`, which the loop calls once per epoch.
import torch
from torch import nn

EPOCHS = 12


class Session:
    def __init__(self, model):
        self.model = model

    def __enter__(self):
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=3e-4)
        self.cosine = torch.optim.lr_scheduler.CosineAnnealingLR(self.opt, T_max=EPOCHS)
        return self

    def __exit__(self, *exc):
        return False

    def end_epoch(self):
        self.cosine.step()

    def step(self, batch):
        self.opt.zero_grad(set_to_none=True)
        loss = self.model(batch).pow(2).mean()
        loss.backward()
        self.opt.step()


def train(model, loader):
    with Session(model) as session:
        for epoch in range(EPOCHS):
            for batch in loader:
                session.step(batch)
            session.end_epoch()
