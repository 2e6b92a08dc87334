"""Optimizers rebuilt in a loop with a new learning rate on purpose, or the rate set in place:
the parameters change (a new stage), the rebuild runs under an `if`, the weight decay changes
too, a search over rates, SGD without momentum, weights initialised again, a part unfrozen
as it goes, and the hand fix (the rate written into `param_groups`). No GF030."""

import torch


def train_1(model, loader, stages):
    for i in range(stages):
        lr = 1e-3 * 0.5 ** i
        optimizer = torch.optim.Adam(model.stage(i).parameters(), lr=lr)
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()


def train_2(model, loader, epochs):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        if epoch == 10:
            optimizer = torch.optim.Adam(model.parameters(), lr=1e-4 * 0.5 ** epoch)
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()


def train_3(model, loader, epochs):
    for epoch in range(epochs):
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-3 * 0.9 ** epoch, weight_decay=1e-4 * epoch)
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()


def sweep(make_model, loader, lrs, configs):
    for lr in lrs:
        model = make_model()
        optimizer = torch.optim.Adam(model.parameters(), lr=lr)
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()


def sweep2(model, loader, configs):
    for cfg in configs:
        optimizer = torch.optim.Adam(model.parameters(), lr=cfg.lr * 2)
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()


def sweep3(model, loader, lrs):
    for i in range(len(lrs)):
        optimizer = torch.optim.Adam(model.parameters(), lr=lrs[i])
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()


def train_5(model, loader, epochs):
    for epoch in range(epochs):
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1 * 0.5 ** epoch)
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()


def train_6(model, loader, cfg):
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg.lr, weight_decay=cfg.wd)
    for epoch in range(cfg.epochs):
        lr = cfg.lr * (0.5 ** (epoch // 10))
        for group in optimizer.param_groups:
            group["lr"] = lr
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()


def train_7(model, loader, epochs):
    for epoch in range(epochs):
        model.reset_parameters()
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-3 * 0.9 ** epoch)
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()


def train_8(model, loader, epochs):
    for epoch in range(epochs):
        for p in model.backbone.parameters():
            p.requires_grad = epoch > 3
        optimizer = torch.optim.Adam(filter(lambda p: p.requires_grad, model.parameters()), lr=1e-3 * 0.9 ** epoch)
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()
