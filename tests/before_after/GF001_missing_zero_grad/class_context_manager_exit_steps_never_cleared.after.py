import torch


class Stepping(object):
    def __init__(self, opt):
        self.opt = opt

    def __enter__(self):
        return None

    def __exit__(self, *exc):
        self.opt.step()


def fit(net, opt, batches, epochs):
    for _ in range(epochs):
        for xb, yb in batches:
            opt.zero_grad(set_to_none=True)
            with Stepping(opt=opt):
                torch.nn.functional.mse_loss(net(xb), yb).backward()
