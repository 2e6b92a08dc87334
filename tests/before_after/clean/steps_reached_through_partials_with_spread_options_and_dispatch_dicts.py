import functools

import torch
from torch import nn


def fit_batch(inputs, labels, *, net, optim, loss_fn, scaler=None):
    optim.zero_grad()
    loss = loss_fn(net(inputs), labels)
    loss.backward()
    optim.step()
    return loss.detach()


def fit_batch_no_clear(inputs, labels, *, net, optim, loss_fn, scaler=None):
    # the other entry of a dispatch dict: which one runs is not known
    loss = loss_fn(net(inputs), labels)
    loss.backward()
    optim.step()
    optim.zero_grad()
    return loss.detach()


def accumulate(inputs, labels, *, net, optim, loss_fn, every=None):
    loss = loss_fn(net(inputs), labels)
    loss.backward()
    return loss.detach()


def train(loader, epochs=2, mode="plain"):
    net = nn.Linear(4, 2)
    optim = torch.optim.SGD(net.parameters(), lr=0.1)
    loss_fn = nn.CrossEntropyLoss()
    for epoch in range(epochs):
        options = {k: v for k, v in locals().items() if k in ("scaler",)}
        run_batch = functools.partial(fit_batch, net=net, optim=optim, loss_fn=loss_fn, **options)
        for inputs, labels in loader:
            {"plain": run_batch}[mode](inputs, labels)
    return net


def train_either(loader, mode="plain"):
    net = nn.Linear(4, 2)
    optim = torch.optim.SGD(net.parameters(), lr=0.1)
    loss_fn = nn.CrossEntropyLoss()
    for inputs, labels in loader:
        {"plain": fit_batch, "late": fit_batch_no_clear}[mode](inputs, labels, net=net, optim=optim, loss_fn=loss_fn)
    return net


def train_accumulated(loader, every=4, use_every=False):
    net = nn.Linear(4, 2)
    optim = torch.optim.SGD(net.parameters(), lr=0.1)
    loss_fn = nn.CrossEntropyLoss()
    if use_every:
        every = 4
    options = {k: v for k, v in locals().items() if k in ("every",)}
    run_batch = functools.partial(accumulate, net=net, optim=optim, loss_fn=loss_fn, **options)
    for i, (inputs, labels) in enumerate(loader):
        run_batch(inputs, labels)
        if (i + 1) % every == 0:
            optim.step()
            optim.zero_grad()
    return net
