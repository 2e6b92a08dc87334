"""`go_back = err.backward` then `go_back()` in a method's `while` loop: the loss's backward
bound to a name first; nothing clears the optimizer's gradients."""
import torch
from torch import nn


class Fitter:
    def __init__(self, net: nn.Module) -> None:
        self.net = net
        self.opt = torch.optim.Adam(net.parameters(), lr=1e-3)

    def run(self, data: list) -> None:
        k = 0
        while k < len(data):
            xb, yb = data[k]
            err = ((self.net(xb) - yb) ** 2).mean()
            go_back = err.backward
            go_back()
            self.opt.step()
            k += 1
