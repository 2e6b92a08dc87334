import torch
from torch import nn

from batching.records import step_record, Step


def run(net, batches, epochs):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.05)
    for _ in range(epochs):
        for x, y in batches:
            optimizer.zero_grad(set_to_none=True)
            step = Step(x, y)
            loss = nn.functional.mse_loss(net(step.features), step.labels)
            loss.backward()
            optimizer.step()


class Fitter:
    def __init__(self, net):
        self.net = net
        self.opt = torch.optim.Adam(net.parameters())

    def fit(self, batches, limit):
        seen = 0
        while seen < limit:
            for x, y in batches:
                self.opt.zero_grad(set_to_none=True)
                item = step_record(x, y)
                nn.functional.l1_loss(self.net(item.images), item.targets).backward()
                self.opt.step()
                seen += 1
