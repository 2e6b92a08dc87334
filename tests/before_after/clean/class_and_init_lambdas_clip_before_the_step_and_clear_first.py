import torch
import torch.nn.functional as F


class Fitter:
    clip = lambda self: torch.nn.utils.clip_grad_norm_(self.net.parameters(), 1.0)
    wipe_given = staticmethod(lambda optimizer: optimizer.zero_grad(set_to_none=True))

    def __init__(self, net):
        self.net = net
        self.opt = torch.optim.SGD(net.parameters(), lr=0.1)
        self.reset = lambda: self.opt.zero_grad(set_to_none=True)
        self.loss_fn = lambda out, y: F.cross_entropy(out, y)

    def fit(self, batches):
        i = 0
        while i < len(batches):
            x, y = batches[i]
            self.reset()
            loss = self.loss_fn(self.net(x), y)
            loss.backward()
            self.clip()
            self.opt.step()
            i += 1

    def fit_static(self, batches):
        for x, y in batches:
            self.wipe_given(self.opt)
            F.cross_entropy(self.net(x), y).backward()
            self.opt.step()
