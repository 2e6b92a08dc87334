import torch


class Bag:
    """Holds what the updates share."""


def begin_epoch(net, bag, epoch):
    net.train()


def update(net, loss_fn, bag, xb, yb):
    out = net(xb)
    main = loss_fn(out, yb)
    main.backward()
    bag.optimizer.step()
    bag.optimizer.zero_grad()
    aux = 0.1 * loss_fn(net(xb), yb)
    aux.backward()
    bag.optimizer.step()
    bag.optimizer.zero_grad()
    return main.item()
