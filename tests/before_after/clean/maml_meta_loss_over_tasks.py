"""MAML: the query losses of the tasks of a meta-batch are summed into `meta_loss` (set to
zero for each meta-step) and backpropagated through the inner adaptation once per meta-step."""

import torch
from torch.func import functional_call


def adapt(model, params, x, y, lr):
    loss = torch.nn.functional.mse_loss(functional_call(model, params, (x,)), y)
    grads = torch.autograd.grad(loss, list(params.values()), create_graph=True)
    return {name: p - lr * g for (name, p), g in zip(params.items(), grads)}


def meta_train(model, tasks, meta_optimizer, steps, inner_lr=0.01):
    for step in range(steps):
        meta_optimizer.zero_grad()
        meta_loss = 0.0
        for support_x, support_y, query_x, query_y in tasks():
            fast = adapt(model, dict(model.named_parameters()), support_x, support_y, inner_lr)
            meta_loss += torch.nn.functional.mse_loss(functional_call(model, fast, (query_x,)), query_y)
        meta_loss.backward()
        meta_optimizer.step()
