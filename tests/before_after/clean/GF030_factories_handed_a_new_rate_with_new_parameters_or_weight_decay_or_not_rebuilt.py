import torch


def make_optimizer(params, lr, weight_decay):
    return torch.optim.Adam(params, lr=lr, weight_decay=weight_decay)


def build(model, lr):
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
    return optimizer


def staged(model, loader, stages):
    for i in range(stages):
        optimizer = make_optimizer(model.stage(i).parameters(), 1e-3 * 0.5 ** i, 0.0)
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()


def decays_both(model, loader, epochs):
    for epoch in range(epochs):
        optimizer = make_optimizer(model.parameters(), 1e-3 * 0.9 ** epoch, 1e-4 * epoch)
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()


def searched(model_fn, loader, lrs):
    for i in range(len(lrs)):
        model = model_fn()
        optimizer = build(model, lrs[i] * 1.0)
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()


def set_in_place(model, loader, epochs):
    optimizer = build(model, 1e-3)
    for epoch in range(epochs):
        for group in optimizer.param_groups:
            group["lr"] = 1e-3 * 0.9 ** epoch
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()
