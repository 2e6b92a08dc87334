import torch
import torch.nn.functional as F

ACCUM = 4


def maybe_step(opt, i, every):
    if (i + 1) % every == 0:
        opt.step()
        opt.zero_grad()


def divided_in_the_loop(model, opt, loader):
    for i, (x, y) in enumerate(loader):
        loss = F.mse_loss(model(x), y)
        (loss / ACCUM).backward()
        maybe_step(opt, i, ACCUM)
    if (i + 1) % ACCUM != 0:
        opt.step()
        opt.zero_grad()


def rate_divided(model, loader):
    opt = torch.optim.SGD(model.parameters(), lr=0.1 / ACCUM)
    for i, (x, y) in enumerate(loader):
        loss = F.mse_loss(model(x), y)
        loss.backward()
        maybe_step(opt, i, ACCUM)
    if (i + 1) % ACCUM != 0:
        opt.step()
        opt.zero_grad()


class Fitter:
    def __init__(self, net, optimizer, every):
        self.net = net
        self.optimizer = optimizer
        self.every = every

    def _flush(self, step, window):
        if step % window == 0:
            self.optimizer.step()
            self.optimizer.zero_grad()

    def fit(self, batches, total):
        step = 0
        stream = iter(batches)
        while step < total:
            inputs, targets = next(stream)
            step += 1
            loss = F.cross_entropy(self.net(inputs), targets) / self.every
            loss.backward()
            self._flush(step, self.every)
