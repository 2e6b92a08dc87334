import torch
from torch import nn


def train_step(x, y, model, opt):
    opt.zero_grad()
    loss = nn.functional.cross_entropy(model(x), y)
    loss.backward(retain_graph=True)
    opt.step()
    return loss


def probe_step(x, y, model, opt):
    loss = nn.functional.cross_entropy(model(x), y)
    loss.backward(retain_graph=True)
    return loss


def penalised_step(x, y, model, opt):
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward(retain_graph=True)
    opt.step()
    return loss


def run(model, loader, mode="plain"):
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for x, y in loader:
        # two different functions: which one runs is not known, the result may keep its graph
        kept = {"plain": train_step, "probe": probe_step}[mode](x, y, model, opt)
        kept.detach()
    for x, y in loader:
        # the caller backpropagates the returned loss again: the retained graph is needed
        again = {"plain": penalised_step}[mode](x, y, model, opt)
        (again * 0.1).backward()
    return model
