"""GF033 clean twins: a list of models each read per batch, cleared by hand (in the member loop,
or by a loop over the members before the forward passes), a list of models built afresh on each
pass, models stepped by their own optimizers, and one pass over the members with no loop around."""

import torch
import torch.nn.functional as F


def member_gradient_norms(members, batches, loss_fn):
    traces = [[] for _ in members]
    for inputs, targets in batches:
        for net, trace in zip(members, traces):
            net.zero_grad()
            loss_fn(net(inputs), targets).backward()
            trace.append(torch.stack([w.grad.norm() for w in net.parameters()]).sum().item())
    return traces


def fisher_per_model_cleared_first(models, loader, fishers):
    for images, labels in loader:
        for model in models:
            model.zero_grad(set_to_none=True)
        for model in models:
            F.nll_loss(model(images), labels).backward()
            for name, weight in model.named_parameters():
                fishers[id(model)][name] += weight.grad.detach() ** 2
    return fishers


def norms_of_fresh_models(build, loader, count):
    norms = []
    for x, y in loader:
        models = [build() for _ in range(count)]
        for model in models:
            F.cross_entropy(model(x), y).backward()
            norms.append([w.grad.norm().item() for w in model.parameters()])
    return norms


def train_members(models, optimizers, loader):
    norms = []
    for x, y in loader:
        for model, optimizer in zip(models, optimizers):
            optimizer.zero_grad(set_to_none=True)
            F.cross_entropy(model(x), y).backward()
            with torch.no_grad():
                norms.append([w.grad.norm().item() for w in model.parameters()])
            optimizer.step()
    return norms


def one_pass_over_members(models, x, y):
    norms = []
    for model in models:
        F.cross_entropy(model(x), y).backward()
        norms.append([w.grad.norm().item() for w in model.parameters()])
    return norms


def norm_history_cleared(models, batches, steps):
    history = [[] for _ in models]
    step = 0
    while step < steps:
        x, y = batches[step % len(batches)]
        for k, net in enumerate(models):
            net.zero_grad()
            F.cross_entropy(net(x), y).backward()
            history[k].append(sum(w.grad.norm().item() for w in net.parameters()))
        step += 1
    return history


def norm_history_of_rebuilt_models(build, batches, steps):
    history = []
    step = 0
    while step < steps:
        x, y = batches[step % len(batches)]
        models = build()
        for k, net in enumerate(models):
            F.cross_entropy(net(x), y).backward()
            history.append(sum(w.grad.norm().item() for w in net.parameters()))
        step += 1
    return history


def probe_pairs_stepped(pairs, batches, rounds):
    norms = []
    for _ in range(rounds):
        for xb, yb in batches:
            for net, opt in pairs:
                opt.zero_grad(set_to_none=True)
                F.mse_loss(net(xb), yb).backward()
                norms.append([w.grad.abs().sum().item() for w in net.parameters()])
                opt.step()
    return norms
