import torch


class Tiny:
    def __init__(self):
        self.w = torch.zeros(3, requires_grad=True)
        self.b = torch.zeros(1, requires_grad=True)

    def parameters(self):
        return [self.w, self.b]

    def __call__(self, x):
        return x @ self.w + self.b


class SGD:
    def __init__(self, params, lr):
        self.params = list(params)
        self.lr = lr

    def step(self):
        with torch.no_grad():
            for p in self.params:
                p -= self.lr * p.grad

    def zero_grad(self):
        for p in self.params:
            p.grad = None


def train(model, loader):
    params = model.parameters()
    first = torch.optim.SGD(params, lr=0.1)
    second = torch.optim.Adam(params, lr=0.01)
    for i, (x, y) in enumerate(loader):
        opt = first if i % 2 else second
        opt.zero_grad()
        ((model(x) - y) ** 2).mean().backward()
        opt.step()


class Runner:
    def __init__(self, net):
        self.net = net
        self.params = filter(lambda p: p.requires_grad, net.parameters())

    def configure_sgd(self, lr):
        self.optimizer = torch.optim.SGD(self.params, lr=lr, momentum=0.9)

    def configure_adam(self, lr):
        self.optimizer = torch.optim.Adam(self.params, lr=lr)

    def fit(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            torch.nn.functional.mse_loss(self.net(x), y).backward()
            self.optimizer.step()
