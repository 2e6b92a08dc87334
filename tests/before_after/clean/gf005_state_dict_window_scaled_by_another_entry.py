# Correct: the loss is scaled by an entry of the same state dict that holds 1 / N, or
# divided by the window entry itself, before its backward.
import torch.nn.functional as F


class Loop:
    def __init__(self, net, opt):
        self.net, self.opt = net, opt
        self.state = {"seen": 0, "accum": 4, "scale": 0.25}

    def fit(self, loader):
        for x, y in loader:
            loss = F.cross_entropy(self.net(x), y)
            (loss * self.state["scale"]).backward()
            self.state["seen"] += 1
            if self.state["seen"] % self.state["accum"] == 0:
                self.opt.step()
                self.opt.zero_grad()

    def fit_divided(self, loader):
        for x, y in loader:
            loss = F.cross_entropy(self.net(x), y) / self.state["accum"]
            loss.backward()
            self.state["seen"] += 1
            if self.state["seen"] % self.state["accum"] == 0:
                self.opt.step()
                self.opt.zero_grad()
