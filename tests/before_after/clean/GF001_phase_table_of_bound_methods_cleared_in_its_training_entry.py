import torch
from torch import nn


class Runner:
    def __init__(self, net, loaders):
        self.net = net
        self.loaders = loaders
        self.optimizer = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
        self.handlers = {"train": self.train_batch, "eval": self.eval_batch}
        self.seen = 0

    def fit(self, epochs):
        for _ in range(epochs):
            for phase in ("train", "eval"):
                for i, (x, y) in enumerate(self.loaders[phase]):
                    self.handlers[phase](i, x, y)

    def train_batch(self, i, x, y):
        self.optimizer.zero_grad(set_to_none=True)
        loss = nn.functional.cross_entropy(self.net(x), y)
        loss.backward()
        self.optimizer.step()

    def eval_batch(self, i, x, y):
        with torch.no_grad():
            self.seen += int((self.net(x).argmax(1) == y).sum())
