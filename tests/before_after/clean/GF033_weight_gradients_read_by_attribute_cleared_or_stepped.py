import torch
from torch import nn


def saliency_cleared(model, loader):
    saliency = torch.zeros(16)
    for x, y in loader:
        model.zero_grad()
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        saliency += model[0].weight.grad.abs().sum(0)
    return saliency


def trained_with_a_norm_log(model, loader, opt):
    norms = []
    for x, y in loader:
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        norms.append(model.fc.weight.grad.norm().item())
        opt.zero_grad(set_to_none=True)
    return norms


def last_layer_only(model, loader):
    layer = model[0]
    total = torch.zeros(16)
    for x, y in loader:
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        total += layer.weight.grad.abs().sum(0)
        layer.weight.grad = None
    return total


def overwritten(model, loader):
    last = None
    for x, y in loader:
        nn.functional.cross_entropy(model(x), y).backward()
        last = model[0].weight.grad.clone()
        model[0].weight.grad.zero_()
    return last


def running_sum_on_purpose(model, loader, opt, accum):
    grads = []
    for x, y in loader:
        loss = nn.functional.cross_entropy(model(x), y) / accum
        loss.backward()
        grads.append(model[0].weight.grad.norm())
    opt.step()
    return grads


class Frozen(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def probe(self, xs):
        seen = []
        for x in xs:
            self.fc.weight.requires_grad_(False)
            self.fc(x).sum().backward()
            seen.append(self.fc.bias.grad.sum())
        return seen
