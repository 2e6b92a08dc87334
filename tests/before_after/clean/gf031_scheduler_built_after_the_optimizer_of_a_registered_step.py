import torch
from torch import nn
from torch.optim.lr_scheduler import StepLR

STEPS = {}


def register_step(name):
    def deco(fn):
        STEPS[name] = fn
        return fn

    return deco


@register_step("sup")
def sup_step(tr, batch):
    x, y = batch
    tr.optimizer.zero_grad()
    loss = nn.functional.cross_entropy(tr.model(x), y)
    loss.backward()
    tr.optimizer.step()


class Trainer:
    kind = "sup"

    def __init__(self, model, loader):
        self.model = model
        self.loader = loader
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=1e-3)
        self.scheduler = StepLR(self.optimizer, step_size=1, gamma=0.5)

    def fit(self, epochs):
        for _ in range(epochs):
            for batch in self.loader:
                STEPS[self.kind](self, batch)
            self.scheduler.step()
