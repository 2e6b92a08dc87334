"""Gradient statistics without a step: each batch's loss is backpropagated, then the
previous batch's loss once more at half weight. That later backward walks the graph the
previous iteration kept with `retain_graph=True`."""

import json

import torch
from torch import nn


def gradient_statistics(model, batches):
    previous = None
    for x in batches:
        loss = model(x).pow(2).mean()
        loss.backward(retain_graph=True)
        if previous is not None:
            (0.5 * previous).backward()
        previous = loss
    return [p.grad.abs().sum().item() for p in model.parameters()]


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(5, 16), nn.Tanh(), nn.Linear(16, 1))
    batches = [torch.randn(8, 5) for _ in range(3)]
    print(json.dumps({"grad_sums": gradient_statistics(model, batches)}))


if __name__ == "__main__":
    main()
