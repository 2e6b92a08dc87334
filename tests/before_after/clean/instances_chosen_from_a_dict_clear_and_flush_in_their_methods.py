import torch
import torch.nn.functional as F


class Accumulating:
    def __init__(self, every=4):
        self.every = every

    def micro(self, ctx, k, x, y):
        (F.cross_entropy(ctx.net(x), y) / self.every).backward()
        if (k + 1) % self.every == 0:
            ctx.opt.step()
            ctx.opt.zero_grad(set_to_none=True)

    def close(self, ctx, k):
        if (k + 1) % self.every != 0:
            ctx.opt.step()
            ctx.opt.zero_grad(set_to_none=True)


class Direct:
    def micro(self, ctx, k, x, y):
        ctx.opt.zero_grad(set_to_none=True)
        F.cross_entropy(ctx.net(x), y).backward()
        ctx.opt.step()

    def close(self, ctx, k):
        pass


MODES = {"accumulate": Accumulating(), "direct": Direct()}


def train(ctx, loader, epochs, mode):
    runner = MODES[mode]
    for epoch in range(epochs):
        for k, (x, y) in enumerate(loader):
            runner.micro(ctx, k, x, y)
        runner.close(ctx, k)
