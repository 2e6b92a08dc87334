import torch
import torch.nn as nn


def fit_listed(model, batches):
    params = list(filter(lambda p: p.requires_grad, model.parameters()))
    print(sum(p.numel() for p in params), "weights")
    optimizer = torch.optim.SGD(params, lr=0.05)
    for x, y in batches:
        optimizer.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()


def fit_counted_after(model, batches):
    params = filter(lambda p: p.requires_grad, model.parameters())
    optimizer = torch.optim.Adam(params, lr=1e-3)
    counted = sum(p.numel() for group in optimizer.param_groups for p in group["params"])
    for x, y in batches:
        optimizer.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
    return counted


def fit_or_describe(model, batches, describe):
    params = (p for p in model.parameters() if p.requires_grad)
    if describe:
        return [tuple(p.shape) for p in params]
    optimizer = torch.optim.SGD(params, lr=0.05, momentum=0.9)
    for x, y in batches:
        optimizer.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
    return None

