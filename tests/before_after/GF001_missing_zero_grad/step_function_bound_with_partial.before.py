from functools import partial

import torch
from torch import nn


def sgd_update(net: nn.Module, opt: torch.optim.Optimizer, inputs, labels, *, clip: float = 1.0) -> float:
    logits = net(inputs)
    loss = nn.functional.cross_entropy(logits, labels)
    loss.backward()
    nn.utils.clip_grad_norm_(net.parameters(), clip)
    opt.step()
    return float(loss)


def run(loader, epochs: int = 5) -> None:
    net = nn.Sequential(nn.Flatten(), nn.Linear(784, 10))
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    update = partial(sgd_update, net, opt, clip=0.5)
    for epoch in range(epochs):
        running = 0.0
        for inputs, labels in loader:
            running += update(inputs, labels)
        print(f"epoch {epoch}: {running / len(loader):.4f}")
