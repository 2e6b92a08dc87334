import torch
import torch.nn as nn
import torch.nn.functional as F


class GroupAdded:
    def __init__(self):
        self.model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.05)

    def grow(self, n):
        self.model[2] = nn.Linear(16, n)

    def register(self):
        self.opt.add_param_group({"params": self.model[2].parameters()})

    def fit(self, data):
        for x, y in data:
            self.opt.zero_grad(set_to_none=True)
            F.cross_entropy(self.model(x), y).backward()
            self.opt.step()


def main(data):
    c = GroupAdded()
    c.grow(5)
    c.register()
    c.fit(data)
