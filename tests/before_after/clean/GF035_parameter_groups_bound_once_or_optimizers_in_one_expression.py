import torch
import torch.nn.functional as F


def group_list_bound_once(model, loader, lr):
    # torch turns a group's `params` into a list inside the dict itself: every optimizer
    # built over the same group list sees every parameter
    groups = [{"params": filter(lambda p: p.requires_grad, model.head.parameters()), "lr": lr}]
    warmup = torch.optim.SGD(groups, lr=lr)
    main = torch.optim.Adam(groups, lr=lr)
    for i, (x, y) in enumerate(loader):
        optimizer = warmup if i < 100 else main
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()


def one_or_the_other(model, loader, cfg):
    params = model.parameters()
    optimizer = cfg.sgd and torch.optim.SGD(params, lr=0.1) or torch.optim.Adam(params, lr=1e-3)
    for x, y in loader:
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()


def each_asks_again(generator, critic, loader):
    opt_g, opt_c = torch.optim.Adam(generator.parameters(), lr=2e-4), torch.optim.Adam(critic.parameters(), lr=2e-4)
    for x in loader:
        opt_g.zero_grad()
        opt_c.zero_grad()
        critic(generator(x)).mean().backward()
        opt_g.step()
        opt_c.step()


class Fitter:
    def __init__(self, net, batches):
        self.net = net
        self.batches = batches
        self.params = list(net.parameters())

    def fit(self, rounds):
        rate = 0.1
        while rounds > 0:
            optimizer = torch.optim.SGD(self.params, lr=rate)
            for x, y in self.batches:
                optimizer.zero_grad()
                F.mse_loss(self.net(x), y).backward()
                optimizer.step()
            rate, rounds = rate / 2, rounds - 1
