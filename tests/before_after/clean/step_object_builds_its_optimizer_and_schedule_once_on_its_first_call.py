import torch
from torch import nn


class TrainStep:
    def __init__(self, model):
        self.model = model
        self.optimizer = None
        self.scheduler = None

    def __call__(self, x, y, i):
        if self.optimizer is None:
            self.optimizer = torch.optim.Adam(self.model.parameters(), lr=1e-3)
            self.scheduler = torch.optim.lr_scheduler.StepLR(self.optimizer, step_size=10)
        self.optimizer.zero_grad(set_to_none=True)
        loss = nn.functional.mse_loss(self.model(x), y)
        loss.backward()
        self.optimizer.step()
        self.scheduler.step()
        return loss.item()


class Probe:
    def __init__(self, model):
        self.model = model

    def __call__(self, x):
        # a throwaway plain SGD (no momentum: no state to lose) for a one-step look-ahead
        trial = torch.optim.SGD(self.model.parameters(), lr=0.0)
        trial.zero_grad(set_to_none=True)
        self.model(x).sum().backward()
        trial.step()
        return [p.grad.norm().item() for p in self.model.parameters()]


def fit(model, batches, epochs):
    step = TrainStep(model)
    probe = Probe(model)
    for epoch in range(epochs):
        for i, (x, y) in enumerate(batches):
            loss = step(x, y, i)
            norms = probe(x)
        print(epoch, loss, norms)
