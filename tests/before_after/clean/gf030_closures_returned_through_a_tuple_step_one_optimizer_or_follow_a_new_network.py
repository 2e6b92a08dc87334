import torch
import torch.nn.functional as F


def build(width):
    """The optimizer built once beside the network; the closure handed back steps it."""
    net = torch.nn.Linear(width, 1)
    optimizer = torch.optim.RMSprop(net.parameters(), lr=1e-3, momentum=0.5)

    def update(x, y):
        optimizer.zero_grad()
        loss = F.mse_loss(net(x), y)
        loss.backward()
        optimizer.step()
        return loss.item()

    return net, update


def growing(width):
    """`grow` puts a new network in place (`nonlocal net`): the optimizer `update` builds over
    it must be new after each growth."""
    net = torch.nn.Linear(width, 1)
    opt = None

    def grow(extra):
        nonlocal net
        net = torch.nn.Linear(width + extra, 1)

    def update(x, y):
        nonlocal opt
        opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
        opt.zero_grad()
        F.mse_loss(net(x[:, : net.in_features]), y).backward()
        opt.step()

    return grow, update


def either(width, fresh):
    """Which closure it hands back depends on the call: not read."""
    net = torch.nn.Linear(width, 1)

    def update(x, y):
        opt = torch.optim.Adam(net.parameters())
        opt.zero_grad()
        F.mse_loss(net(x), y).backward()
        opt.step()

    if fresh:
        update = None
    return net, update


if __name__ == "__main__":
    data = [(torch.randn(8, 6), torch.randn(8, 1)) for _ in range(5)]
    net, update = build(6)
    for epoch in range(3):
        for x, y in data:
            update(x, y)
    grow, step = growing(4)
    for k, (x, y) in enumerate(data):
        grow(k % 3)
        step(x, y)
    other, tune = either(6, False)
    for x, y in data:
        tune(x, y)
