import torch
from torch import nn


class Tuner:
    def __init__(self, net, stream, accum_steps=2):
        self.net = net
        self.stream = stream
        self.accum_steps = accum_steps
        self.opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
        self.trace = []

    def run(self, total):
        tick = 0
        while tick < total:
            inputs, wanted = self.stream[tick % len(self.stream)]
            err = nn.functional.l1_loss(self.net(inputs), wanted)
            err.backward()
            if self.accum_steps != 1:
                err /= self.accum_steps
            self.trace.append(float(err))
            if (tick + 1) % self.accum_steps == 0:
                self.opt.step()
                self.opt.zero_grad()
            tick += 1


if __name__ == "__main__":
    tuner = Tuner(nn.Linear(3, 2), [(torch.randn(4, 3), torch.randn(4, 2)) for _ in range(6)])
    tuner.run(12)
