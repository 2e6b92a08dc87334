import torch
from torch import nn


class Trainer:
    def __init__(self, net):
        self.net = net
        self.optimizer = torch.optim.AdamW(self.net.parameters(), lr=1e-3)

    def train(self, batches):
        while batches:
            x, y = batches.pop()
            self.optimizer.zero_grad()
            nn.functional.cross_entropy(self.net(x), y).backward()
            self.optimizer.step()


class Finetuner(Trainer):
    def __init__(self, net, classes):
        super().__init__(net)
        self.net.classifier = nn.Linear(16, classes)


class Widened(Trainer):
    def __init__(self, net):
        super(Widened, self).__init__(net)
        self.net.add_module("extra", nn.Linear(16, 16))
