# An engine's step function cuts each batch into `subdivisions` pieces with a generator of
# another module and backpropagates every piece's mean loss whole before the one step: the
# gradient is `subdivisions` times the batch's. The log line's mention of the count divides no loss.
import torch
from torch import nn

from helpers import batching

net = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 3))
optimizer = torch.optim.SGD(net.parameters(), lr=0.05)


def train_step(engine, batch, subdivisions=4):
    net.train()
    optimizer.zero_grad()
    total = 0.0
    for x, y in batching.subdivide(batch, subdivisions):
        loss = nn.functional.cross_entropy(net(x), y)
        loss.backward()
        total += loss.item()
        print(f"running loss {total / subdivisions:.3f}")
    optimizer.step()
    return total
