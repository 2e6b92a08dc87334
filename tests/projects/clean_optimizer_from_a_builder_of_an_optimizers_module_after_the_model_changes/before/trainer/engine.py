from torch import nn

from . import optimizers as opts


def fit(net, loader, epochs):
    net.fc = nn.Linear(32, 5)
    opt = opts.build(net.parameters(), lr=1e-3)
    for _ in range(epochs):
        for xb, yb in loader:
            opt.zero_grad()
            nn.functional.cross_entropy(net(xb), yb).backward()
            opt.step()


def head_only(net, loader):
    opt = opts.build(net.fc.parameters())
    net.backbone = nn.Identity()  # not in what the optimizer was given
    for xb, yb in loader:
        opt.zero_grad()
        nn.functional.cross_entropy(net(xb), yb).backward()
        opt.step()
