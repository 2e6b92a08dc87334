import dataclasses
from dataclasses import dataclass, field

import torch
import torch.nn as nn

torch.manual_seed(0)
loader = [(torch.randn(4, 8), torch.randint(0, 3, (4,))) for _ in range(5)]


def build_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))


def make_step_any(net, loss_fn):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)

    def one_batch(x, y):
        opt.zero_grad()
        p = torch.softmax(net(x), dim=1)
        loss = loss_fn(p, y)
        loss.backward()
        opt.step()

    return one_batch


def main():
    net = build_model()
    step_a = make_step_any(net, nn.CrossEntropyLoss())
    step_b = make_step_any(net, nn.MSELoss())
    for x, y in loader:
        step_b(x, nn.functional.one_hot(y, 3).float())
    return step_a


def make_step(net, loss_fn, mse=False):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    loss_fn = nn.MSELoss() if mse else loss_fn

    def one_batch(x, y):
        opt.zero_grad()
        p = torch.softmax(net(x), dim=1)
        loss = loss_fn(p, nn.functional.one_hot(y, 3).float())
        loss.backward()
        opt.step()

    return one_batch


def main_rebound():
    net = build_model()
    fit = make_step(net, nn.CrossEntropyLoss(), mse=True)
    for x, y in loader:
        fit(x, y)


if __name__ == "__main__":
    main()
    main_rebound()
