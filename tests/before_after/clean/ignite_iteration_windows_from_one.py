import torch
import torch.nn.functional as F
from ignite.engine import Engine

ACCUMULATION = 4


def make_update(net, optimizer, accumulation):
    """Ignite's `engine.state.iteration` is 1 at the first batch and counts across epochs:
    `% N == 0` closes full windows of N batches (no GF015)."""

    def _step(engine, batch):
        net.train()
        inputs, targets = batch
        loss = F.cross_entropy(net(inputs), targets) / accumulation
        loss.backward()
        if engine.state.iteration % accumulation == 0:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
        return loss.item()

    return _step


class Fitter:
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
        self.engine = Engine(self.train_step)

    def train_step(self, eng, batch):
        self.model.train()
        x, y = batch
        loss = F.mse_loss(self.model(x), y) / ACCUMULATION
        loss.backward()
        if eng.state.iteration % ACCUMULATION == 0:
            self.opt.step()
            self.opt.zero_grad(set_to_none=True)
        return float(loss)

    def fit(self, data, epochs):
        self.engine.run(data, max_epochs=epochs)


def main(loader, epochs=3):
    net = torch.nn.Linear(16, 4)
    optimizer = torch.optim.AdamW(net.parameters(), lr=1e-3)
    Engine(make_update(net, optimizer, ACCUMULATION)).run(loader, max_epochs=epochs)
