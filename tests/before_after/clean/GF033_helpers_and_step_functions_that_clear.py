"""GF033 clean twins: helpers and per-batch step functions that read gradients but clear them
(or compute them without `.grad`), and filtered parameter lists in loops that clear."""

import torch
import torch.nn.functional as F


def add_squares(net, importance):
    for name, param in net.named_parameters():
        importance[name] += param.grad.detach() ** 2


def add_squares_then_drop(net, importance):
    for name, param in net.named_parameters():
        importance[name] += param.grad.detach() ** 2
        param.grad = None


def add_squares_then_zero(net, importance):
    for name, param in net.named_parameters():
        importance[name] += param.grad.detach() ** 2
        param.grad.zero_()


def observe_cleared(net, x, y, importance):
    net.zero_grad()
    F.cross_entropy(net(x), y).backward()
    for name, param in net.named_parameters():
        importance[name] += param.grad.detach() ** 2


def observe_with_optimizer(net, opt, x, y, importance):
    opt.zero_grad(set_to_none=True)
    F.cross_entropy(net(x), y).backward()
    for name, param in net.named_parameters():
        importance[name] += param.grad.detach() ** 2


def observe_functional(net, x, y, importance):
    names, params = zip(*net.named_parameters())
    grads = torch.autograd.grad(F.cross_entropy(net(x), y), params)
    for name, grad in zip(names, grads):
        importance[name] += grad.detach() ** 2


def fisher_cleared_in_the_loop(net, loader):
    importance = {n: torch.zeros_like(p) for n, p in net.named_parameters()}
    for x, y in loader:
        net.zero_grad()
        F.cross_entropy(net(x), y).backward()
        add_squares(net, importance)
    return importance


def fisher_helper_drops(net, loader):
    importance = {n: torch.zeros_like(p) for n, p in net.named_parameters()}
    for x, y in loader:
        F.cross_entropy(net(x), y).backward()
        add_squares_then_drop(net, importance)
    return importance


def fisher_helper_zeroes(net, loader):
    importance = {n: torch.zeros_like(p) for n, p in net.named_parameters()}
    for x, y in loader:
        F.cross_entropy(net(x), y).backward()
        add_squares_then_zero(net, importance)
    return importance


def fisher_step_function_clears(net, loader):
    importance = {n: torch.zeros_like(p) for n, p in net.named_parameters()}
    for x, y in loader:
        observe_cleared(net, x, y, importance)
    return importance


def fisher_step_function_with_optimizer(net, opt, loader):
    importance = {n: torch.zeros_like(p) for n, p in net.named_parameters()}
    for x, y in loader:
        observe_with_optimizer(net, opt, x, y, importance)
    return importance


def fisher_step_function_functional(net, loader):
    importance = {n: torch.zeros_like(p) for n, p in net.named_parameters()}
    for x, y in loader:
        observe_functional(net, x, y, importance)
    return importance


def fisher_filtered_cleared(net, loader):
    trainable = list(filter(lambda t: t.requires_grad, net.parameters()))
    diagonal = [torch.zeros_like(t) for t in trainable]
    for x, y in loader:
        net.zero_grad()
        F.cross_entropy(net(x), y).backward()
        for d, t in zip(diagonal, trainable):
            d += t.grad.detach() ** 2
    return diagonal


def saliency_named_weights_cleared(net, loader):
    kernels = [w for key, w in net.named_parameters() if key.endswith("weight")]
    saliency = [torch.zeros_like(w) for w in kernels]
    for x, y in loader:
        F.mse_loss(net(x), y).backward()
        for s, w in zip(saliency, kernels):
            s.add_((w.grad * w.detach()).abs())
            w.grad = None
    return saliency


def per_batch_totals_in_a_fresh_dict(net, loader, history):
    for x, y in loader:
        net.zero_grad()
        F.cross_entropy(net(x), y).backward()
        current = {n: torch.zeros_like(p) for n, p in net.named_parameters()}
        add_squares(net, current)
        history.append(current)
    return history


def record_norms(weights, history):
    history.append(torch.stack([w.grad.norm() for w in weights]))


def norm_trace_cleared(net, loader):
    history = []
    for x, y in loader:
        net.zero_grad()
        F.cross_entropy(net(x), y).backward()
        record_norms(list(net.parameters()), history)
    return history


def norm_trace_of_inputs(net, inputs, loader):
    history = []
    for x, y in loader:
        F.cross_entropy(net(x), y).backward()
        record_norms(inputs, history)
    return history
