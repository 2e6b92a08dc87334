import torch
from torch import nn


def build():
    net = nn.Linear(4, 4)
    return net, torch.optim.SGD(net.parameters(), lr=0.1), 3


def train_pass(net, opt, loader, round_no):
    weight = 1 / (round_no + 1)
    for xb, yb in loader:
        out = net(xb)
        loss = weight * nn.functional.mse_loss(out, yb)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return round_no


net, opt, round_no = build()
data = [(torch.randn(8, 4), torch.randn(8, 4)) for _ in range(4)]
for r in range(round_no):
    train_pass(net, opt, data, r)
