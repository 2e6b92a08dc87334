import torch
from torch import nn


def fit(model, batches):
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for inputs, target in batches:
        list(map(lambda o: o.zero_grad(), [opt]))
        nn.functional.mse_loss(model(inputs), target).backward()
        opt.step()


class Step:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer

    def __call__(self, x, y):
        tuple(map(lambda o: o.zero_grad(set_to_none=True), (self.optimizer,)))
        loss = nn.functional.mse_loss(self.model(x), y)
        loss.backward()
        self.optimizer.step()
        return loss.item()


def run(model, batches):
    step = Step(model, torch.optim.Adam(model.parameters()))
    return [step(x, y) for x, y in batches]
