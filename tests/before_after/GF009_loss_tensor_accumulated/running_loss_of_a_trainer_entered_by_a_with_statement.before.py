import torch
from torch import nn


class Run:
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=1e-3)
        self.running = 0.0

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def train_batch(self, x, y):
        self.opt.zero_grad()
        loss = nn.functional.cross_entropy(self.model(x), y)
        loss.backward()
        self.opt.step()
        self.running += loss
        return loss


def fit(model, loader, epochs):
    with Run(model) as run:
        for _ in range(epochs):
            for x, y in loader:
                run.train_batch(x, y)
        return float(run.running)
