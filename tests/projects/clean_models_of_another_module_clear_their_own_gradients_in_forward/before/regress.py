import torch

import scoring


class Regressor:
    def __init__(self, width, lr):
        self.net = scoring.Scorer(width)
        self.opt = torch.optim.SGD(self.net.parameters(), lr=lr, momentum=0.9)

    def fit(self, stream, steps):
        k = 0
        while k < steps:
            x, y = next(stream)
            err = self.net(x, y)
            err.backward()
            self.opt.step()
            k += 1
