import torch
from torch import nn


class Engine:
    def __init__(self, net, batches):
        self.net = net
        self.batches = batches
        self.opt = torch.optim.SGD(net.parameters(), lr=0.1)

    def train_batch(self, xb, yb):
        raise NotImplementedError

    def run(self, epochs):
        for _ in range(epochs):
            for xb, yb in self.batches:
                self.train_batch(xb, yb)


class PlainEngine(Engine):
    def train_batch(self, xb, yb):
        self.opt.zero_grad()
        loss = nn.functional.mse_loss(self.net(xb), yb)
        loss.backward()
        self.opt.step()
        return loss


class CheckedEngine(PlainEngine):
    def train_batch(self, xb, yb):
        loss = super().train_batch(xb, yb)
        if not torch.isfinite(loss):
            raise FloatingPointError("loss is not finite")
        return loss


engine = CheckedEngine(nn.Linear(3, 1), [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(3)])
engine.run(2)
