import torch
import torch.nn as nn
import torch.nn.functional as F


class Experiment:
    def __init__(self, lr: float):
        self.lr = lr

    def setup(self):
        # the model kept on `self` and returned with an optimizer over it
        self.backbone = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 3))
        return self.backbone, torch.optim.AdamW(self.backbone.parameters(), lr=self.lr)

    def pair(self):
        net = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 3))
        sgd = torch.optim.SGD(net.parameters(), lr=self.lr, momentum=0.9)
        return sgd, net

    def transfer(self, batches, classes: int):
        network, adamw = self.setup()
        network[2] = nn.Linear(16, classes)  # not in `adamw`
        for x, y in batches:
            adamw.zero_grad(set_to_none=True)
            F.cross_entropy(network(x), y).backward()
            adamw.step()


class Probe(Experiment):
    def widen(self, batches, classes: int):
        # `pair` is the base class's: its optimizer over the returned module
        sgd, net = self.pair()
        net[2] = nn.Linear(16, classes)  # not in `sgd`
        step = 0
        while step < len(batches):
            x, y = batches[step]
            sgd.zero_grad(set_to_none=True)
            F.cross_entropy(net(x), y).backward()
            sgd.step()
            step += 1
