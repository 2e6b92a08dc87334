import torch
from torch import nn


def warm_restart(model_a, model_b, loader, rounds):
    first = torch.optim.SGD(model_a.parameters(), lr=0.01, momentum=0.0)
    second = torch.optim.RMSprop(model_b.parameters(), lr=0.001, momentum=0.0)
    for step in range(rounds):
        if step == 1:
            for o in (first, second):
                o.momentum = 0.9
        for x, y in loader:
            first.zero_grad()
            second.zero_grad()
            loss = nn.functional.mse_loss(model_b(model_a(x)), y)
            loss.backward()
            first.step()
            second.step()
