# Correct: `N <= 1 or (i + 1) % N == 0` steps on every micro-batch only when nothing
# accumulates; otherwise windows of N full micro-batches, the tail flushed after the epoch.
import torch


class Learner:
    def __init__(self, model, args):
        self.net = model
        self.args = args
        self.opt = torch.optim.SGD(model.parameters(), lr=args.lr)

    def fit(self, loader, criterion):
        N = self.args.virtual_bs_n
        for i, (x, y) in enumerate(loader):
            (criterion(self.net(x), y) / N).backward()
            if N <= 1 or (i + 1) % N == 0:
                self.opt.step()
                self.opt.zero_grad()
        if (i + 1) % N != 0:
            self.opt.step()
            self.opt.zero_grad()
