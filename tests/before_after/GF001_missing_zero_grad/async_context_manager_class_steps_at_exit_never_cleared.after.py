import torch


class Stepping:
    def __init__(self, opt):
        self.opt = opt

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        self.opt.step()


async def fit(net, opt, batches, epochs):
    for _ in range(epochs):
        for xb, yb in batches:
            opt.zero_grad(set_to_none=True)
            async with Stepping(opt):
                torch.nn.functional.mse_loss(net(xb), yb).backward()
