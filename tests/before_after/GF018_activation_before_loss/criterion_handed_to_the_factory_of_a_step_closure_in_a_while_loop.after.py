import dataclasses
from dataclasses import dataclass, field

import torch
import torch.nn as nn

torch.manual_seed(0)
loader = [(torch.randn(4, 8), torch.randint(0, 3, (4,))) for _ in range(5)]


def build_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))


def make_step(net, loss_fn, lr=0.1):
    opt = torch.optim.SGD(net.parameters(), lr=lr)

    def one_batch(x, y):
        opt.zero_grad()
        p = net(x)
        loss = loss_fn(p, y)
        loss.backward()
        opt.step()
        return loss.item()

    return one_batch


def main():
    net = build_model()
    crit = nn.CrossEntropyLoss()
    fit = make_step(net, crit)
    n = 0
    while n < 10:
        x, y = loader[n % len(loader)]
        fit(x, y)
        n += 1
    return net


if __name__ == "__main__":
    main()
