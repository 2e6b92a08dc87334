import torch
from torch import nn

from parts.steps import Step, step_record


def run(net, batches, epochs):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.05)
    for _ in range(epochs):
        for x, y in batches:
            step = Step(optimizer, x, y)
            loss = nn.functional.mse_loss(net(step.inputs), step.targets)
            loss.backward()
            optimizer.step()


class Fitter:
    def __init__(self, net):
        self.net = net
        self.opt = torch.optim.Adam(net.parameters())

    def reset(self):
        self.opt.zero_grad(set_to_none=True)

    def fit(self, batches, limit):
        seen = 0
        while seen < limit:
            for x, y in batches:
                item = step_record(self, x, y)
                nn.functional.l1_loss(self.net(item.x), item.y).backward()
                self.opt.step()
                seen += 1
