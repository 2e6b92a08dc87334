"""The loss is backpropagated for the step with `retain_graph=True` and then differentiated
again with `torch.autograd.grad` for an input-saliency statistic after the step."""

import torch


def train(model, loader, optimizer, log):
    for x, y in loader:
        optimizer.zero_grad()
        x.requires_grad_(True)
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward(retain_graph=True)
        optimizer.step()
        (saliency,) = torch.autograd.grad(loss, x)
        log(saliency.abs().mean().item())
