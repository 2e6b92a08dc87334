import torch
from torch import nn

STEPS = {}


def register_step(name):
    def deco(fn):
        STEPS[name] = fn
        return fn

    return deco


@register_step("sup")
def sup_step(tr, batch):
    tr.model.zero_grad()
    x, y = batch
    loss = nn.functional.cross_entropy(tr.model(x), y)
    loss.backward()
    tr.optimizer.step()
    return loss.item()


class Trainer:
    kind = "sup"

    def __init__(self, model, loader):
        self.model = model
        self.loader = loader
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.1, momentum=0.9)

    def fit(self, epochs):
        for _ in range(epochs):
            for batch in self.loader:
                STEPS[self.kind](self, batch)
