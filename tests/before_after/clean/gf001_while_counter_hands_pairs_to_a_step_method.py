# Correct: the same one-step comparison in a class, a `while` loop handing each net and its own
# optimizer to a step method (the counter compared with `!=`, bumped with `j = j + 1`).
import torch


class Probe:
    def __init__(self, nets, lr):
        self.nets = nets
        self.opts = [torch.optim.SGD(n.parameters(), lr=lr) for n in nets]

    def _one(self, net, opt, x, y):
        torch.nn.functional.mse_loss(net(x), y).backward()
        opt.step()

    def first_steps(self, x, y):
        j = 0
        while j != len(self.nets):
            self._one(self.nets[j], self.opts[j], x, y)
            j = j + 1
        return [p.detach().clone() for n in self.nets for p in n.parameters()]
