import torch
import torch.nn.functional as F


def once(model, loader, lr):
    params = filter(lambda p: p.requires_grad, model.parameters())
    optimizer = torch.optim.AdamW(params, lr=lr)
    for x, y in loader:
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()


def either(model, loader, name, lr):
    params = (p for p in model.parameters() if p.requires_grad)
    if name == "sgd":
        optimizer = torch.optim.SGD(params, lr=lr, momentum=0.9)
    else:
        optimizer = torch.optim.Adam(params, lr=lr)
    for x, y in loader:
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()


def chosen(model, loader, use_sgd, lr):
    params = model.parameters()
    optimizer = torch.optim.SGD(params, lr=lr) if use_sgd else torch.optim.Adam(params, lr=lr)
    for x, y in loader:
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()


def per_stage(model, stages, lr):
    for stage, loader in enumerate(stages):
        params = filter(lambda p: p.requires_grad, model.parameters())
        optimizer = torch.optim.SGD([{"params": params, "lr": lr / (stage + 1)}])
        for x, y in loader:
            optimizer.zero_grad()
            F.mse_loss(model(x), y).backward()
            optimizer.step()


def first_that_builds(model, loader, names):
    params = model.parameters()
    while names:
        name = names.pop()
        optimizer = torch.optim.SGD(params, lr=0.1) if name == "sgd" else torch.optim.Adam(params)
        break
    for x, y in loader:
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()


def build(model, kind):
    params = model.parameters()
    if kind == "sgd":
        return torch.optim.SGD(params, lr=0.1)
    return torch.optim.Adam(params)


def built_lazily(model, loader):
    params = filter(lambda p: p.requires_grad, model.parameters())
    optimizer = None
    for x, y in loader:
        if optimizer is None:
            optimizer = torch.optim.SGD(params=params, lr=0.1)
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()


def built_by_a_nested_function(model, loader, lr):
    params = model.parameters()

    def make():
        return torch.optim.SGD(params, lr=lr)

    optimizer = make()
    for x, y in loader:
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()
