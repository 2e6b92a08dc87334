import torch
import torch.nn.functional as F


def build_optimizer(weights, kind, lr):
    if kind == "sgd":
        return torch.optim.SGD(weights, lr=lr, momentum=0.9)
    return torch.optim.AdamW(weights, lr=lr)


def rebuilt_over_a_fresh_iterator(model, loader, epochs, kind):
    lr = 0.1
    for epoch in range(epochs):
        trainable = filter(lambda p: p.requires_grad, model.parameters())
        optimizer = build_optimizer(trainable, kind, lr)
        for x, y in loader:
            optimizer.zero_grad(set_to_none=True)
            F.mse_loss(model(x), y).backward()
            optimizer.step()
        lr *= 0.5


def built_once(model, loader, epochs, kind):
    trainable = filter(lambda p: p.requires_grad, model.parameters())
    optimizer = build_optimizer(trainable, kind, 0.1)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad(set_to_none=True)
            F.mse_loss(model(x), y).backward()
            optimizer.step()


def make_or_skip(parameters, name, rate):
    if name == "frozen":
        return None
    return torch.optim.SGD(parameters, lr=rate)


def maybe_rebuilt(model, loader, epochs):
    trainable = filter(lambda p: p.requires_grad, model.parameters())
    optimizer = make_or_skip(trainable, "sgd", 0.1)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad(set_to_none=True)
            F.mse_loss(model(x), y).backward()
            optimizer.step()
