import torch
import torch.nn as nn


def backprop(losses):
    sum(losses.values()).backward()


def train(model, loader, opt):
    crit = nn.CrossEntropyLoss()
    acc = {"ce": 0.0, "l2": 0.0}
    for i, (x, y) in enumerate(loader):
        out = model(x)
        acc["ce"] = acc["ce"] + crit(out, y)
        acc["l2"] = acc["l2"] + 1e-4 * out.pow(2).mean()
        if i % 2 == 1:
            opt.zero_grad()
            backprop(acc)
            opt.step()
            acc = {"ce": 0.0, "l2": 0.0}
    return model
