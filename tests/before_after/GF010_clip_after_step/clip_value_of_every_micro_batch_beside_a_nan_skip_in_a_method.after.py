import math

import torch


class Learner:
    def __init__(self, net, data, window):
        self.net = net
        self.data = data
        self.window = window
        self.opt = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)

    def run(self):
        for k, batch in enumerate(self.data):
            out = self.net(batch["x"])
            err = ((out - batch["y"]) ** 2).mean()
            if math.isnan(err.item()):
                print("skipping batch", k)
                self.opt.zero_grad()
                continue
            (err / self.window).backward()
            if (k + 1) % self.window == 0:
                torch.nn.utils.clip_grad_value_(self.net.parameters(), 0.5)
                self.opt.step()
                self.opt.zero_grad()
