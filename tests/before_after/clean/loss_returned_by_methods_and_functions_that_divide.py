import torch
import torch.nn.functional as F
from torch import nn


class Regressor(nn.Module):
    def __init__(self, accumulate=2):
        super().__init__()
        self.body = nn.Linear(4, 2)
        self.accumulate = accumulate

    def forward(self, x):
        return self.body(x)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return F.mse_loss(self(x), y) / self.accumulate

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def fit(module, loader, epochs, accumulate=2):
    optimizer = module.configure_optimizers()
    for epoch in range(epochs):
        optimizer.zero_grad()
        for batch_idx, batch in enumerate(loader):
            loss = module.training_step(batch, batch_idx)
            loss.backward()
            if (batch_idx + 1) % accumulate == 0 or batch_idx + 1 == len(loader):
                optimizer.step()
                optimizer.zero_grad()


class Task:
    def __init__(self, accum):
        self.net = nn.Linear(4, 2)
        self.accum = accum

    def compute_loss(self, batch):
        x, y = batch
        return self._error(self.net(x), y)

    def _error(self, out, y):
        return F.mse_loss(out, y) * (1.0 / self.accum)


class SummedTask(Task):
    pass


def summed_error(net, batch):
    inputs, targets = batch
    return F.mse_loss(net(inputs), targets, reduction="sum")


def mean_error(net, batch):
    inputs, targets = batch
    return F.mse_loss(net(inputs), targets)


def train(net, batches, compute_loss, micro_batches=4):
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
    for i, batch in enumerate(batches):
        loss = compute_loss(net, batch)
        loss.backward()
        if (i + 1) % micro_batches == 0 or i + 1 == len(batches):
            opt.step()
            opt.zero_grad(set_to_none=True)


def run(task, batches, n_accum=4):
    optimizer = torch.optim.SGD(task.net.parameters(), lr=0.1)
    for i, batch in enumerate(batches):
        loss = task.compute_loss(batch)
        loss.backward()
        if (i + 1) % n_accum == 0 or i + 1 == len(batches):
            optimizer.step()
            optimizer.zero_grad()


class Plain(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 2)

    def model_step(self, batch):
        x, y = batch
        return F.mse_loss(self.body(x), y)


class Windowed(Plain):
    def model_step(self, batch):
        return super().model_step(batch) / 4


def tune(net, batches):
    # handed objects of two classes, one of which divides: which one runs is not known here
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for i, batch in enumerate(batches):
        loss = net.model_step(batch)
        loss.backward()
        if (i + 1) % 4 == 0 or i + 1 == len(batches):
            opt.step()
            opt.zero_grad()


if __name__ == "__main__":
    tune(Plain(), [])
    tune(Windowed(), [])
    fit(Regressor(), [], 3)
    # one call hands a summing loss: the window's sum is what the author set the rate for
    train(nn.Linear(4, 2), [], summed_error)
    train(nn.Linear(4, 2), [], mean_error)
    run(Task(4), [])
