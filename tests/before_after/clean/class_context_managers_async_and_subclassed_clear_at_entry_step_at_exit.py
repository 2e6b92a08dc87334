import torch


class Window:
    def __init__(self, opt):
        self.opt = opt

    async def __aenter__(self):
        self.opt.zero_grad(set_to_none=True)
        return self

    async def __aexit__(self, *exc):
        self.opt.step()


class Scope:
    def __init__(self, optimizer):
        self.optimizer = optimizer

    def __enter__(self):
        self.optimizer.zero_grad()
        return self

    def __exit__(self, kind, value, tb):
        self.optimizer.step()
        return None


class UpdateWindow(Scope):
    pass


async def fit(net, opt, batches, epochs):
    for _ in range(epochs):
        for xb, yb in batches:
            async with Window(opt):
                torch.nn.functional.mse_loss(net(xb), yb).backward()


class Learner:
    def __init__(self, net, lr):
        self.net = net
        self.optimizer = torch.optim.SGD(net.parameters(), lr=lr)

    def train(self, stream, limit):
        done = 0
        while done < limit:
            xb, yb = next(stream)
            with UpdateWindow(self.optimizer):
                loss = torch.nn.functional.cross_entropy(self.net(xb), yb)
                loss.backward()
            done += 1
