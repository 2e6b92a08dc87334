import torch


def search(model, loader, settings, base):
    for s in settings:
        lr = base
        if s.big:
            lr *= 10
        optimizer = torch.optim.Adam(model.parameters(), lr=lr)
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()


def two_bindings_no_counter(model, loader, epochs, base, flag):
    for epoch in range(epochs):
        lr = base
        if flag:
            lr *= 0.1
        optimizer = torch.optim.Adam(model.parameters(), lr=lr, weight_decay=epoch * 1e-5)
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()


def hand_fix(model, loader, epochs, base):
    optimizer = torch.optim.Adam(model.parameters(), lr=base)
    for epoch in range(epochs):
        lr = base
        if epoch >= 10:
            lr *= 0.1
        for group in optimizer.param_groups:
            group["lr"] = lr
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()
