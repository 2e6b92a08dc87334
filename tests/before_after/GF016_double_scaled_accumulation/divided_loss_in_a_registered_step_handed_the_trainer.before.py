import torch
from accelerate import Accelerator
from torch import nn

ACCUM = 4
STEPS = {}


def register_step(name):
    def deco(fn):
        STEPS[name] = fn
        return fn

    return deco


@register_step("sup")
def sup_step(tr, batch):
    x, y = batch
    with tr.accelerator.accumulate(tr.model):
        loss = nn.functional.cross_entropy(tr.model(x), y) / ACCUM
        tr.accelerator.backward(loss)
        tr.optimizer.step()
        tr.optimizer.zero_grad()


class Trainer:
    kind = "sup"

    def __init__(self, model, loader):
        self.accelerator = Accelerator(gradient_accumulation_steps=ACCUM)
        optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
        self.model, self.optimizer, self.loader = self.accelerator.prepare(model, optimizer, loader)

    def fit(self, epochs):
        for _ in range(epochs):
            for batch in self.loader:
                STEPS[self.kind](self, batch)
