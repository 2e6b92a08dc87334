from types import SimpleNamespace

import torch
from torch import nn


def run(epochs=3):
    net = nn.Linear(5, 2)
    sgd = torch.optim.SGD(net.parameters(), lr=0.05)
    plan = SimpleNamespace(lr=0.05)

    def decay(state, epoch):
        state.lr = 0.05 * 0.5 ** epoch

    batches = [(torch.randn(4, 5), torch.randn(4, 2)) for _ in range(6)]
    for epoch in range(epochs):
        decay(plan, epoch)
        for group in sgd.param_groups:
            group["lr"] = plan.lr
        for x, y in batches:
            sgd.zero_grad()
            nn.functional.mse_loss(net(x), y).backward()
            sgd.step()
