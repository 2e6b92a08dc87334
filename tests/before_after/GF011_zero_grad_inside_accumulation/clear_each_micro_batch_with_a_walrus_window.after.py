# Buggy: the optimizer is cleared on every micro-batch while the walrus-written window steps
# only every `ACCUM`: each step sees one micro-batch's gradient, nothing accumulates.
import torch.nn.functional as F

ACCUM = 3


class Fitter:
    def __init__(self, net, opt):
        self.net, self.opt = net, opt

    def epoch(self, loader):
        it = iter(loader)
        i = 0
        while (batch := next(it, None)) is not None:
            x, y = batch
            (F.cross_entropy(self.net(x), y) / ACCUM).backward()
            if (done := i + 1) % ACCUM == 0:
                self.opt.step()
                self.opt.zero_grad()
            i = done
