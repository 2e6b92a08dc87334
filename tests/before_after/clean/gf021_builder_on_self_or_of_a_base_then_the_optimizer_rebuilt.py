import torch
import torch.nn as nn
import torch.nn.functional as F


class Experiment:
    def __init__(self, lr: float):
        self.lr = lr

    def setup(self):
        self.backbone = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 3))
        return self.backbone, torch.optim.AdamW(self.backbone.parameters(), lr=self.lr)

    def pair(self):
        net = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 3))
        return torch.optim.SGD(net.parameters(), lr=self.lr), net

    def transfer(self, batches, classes: int):
        network, adamw = self.setup()
        network[2] = nn.Linear(16, classes)
        adamw = torch.optim.AdamW(network.parameters(), lr=self.lr)
        for x, y in batches:
            adamw.zero_grad(set_to_none=True)
            F.cross_entropy(network(x), y).backward()
            adamw.step()


class Probe(Experiment):
    def widen(self, batches, classes: int):
        sgd, net = self.pair()
        net[2] = nn.Linear(16, classes)
        sgd.add_param_group({"params": net[2].parameters()})
        for x, y in batches:
            sgd.zero_grad(set_to_none=True)
            F.cross_entropy(net(x), y).backward()
            sgd.step()


class Frozen(Experiment):
    def pair(self):
        return None, nn.Identity()

    def widen(self, batches, classes: int):
        # `pair` is overridden here: the base's optimizer is not the one returned
        opt, net = self.pair()
        net = nn.Linear(6, classes)
        opt = torch.optim.SGD(net.parameters(), lr=self.lr)
        for x, y in batches:
            opt.zero_grad(set_to_none=True)
            F.cross_entropy(net(x), y).backward()
            opt.step()
