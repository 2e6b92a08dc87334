# `opts.scheduler in ("cyclic", "onecycle")` reads an option, not the scheduler, and keeps its
# value through the loop: the per-batch step runs before `optimizer.step()` whenever it runs.
import argparse

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--scheduler", default="cyclic")
opts = parser.parse_args()

net = torch.nn.Linear(8, 2)
optimizer = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
scheduler = torch.optim.lr_scheduler.CyclicLR(optimizer, base_lr=0.01, max_lr=0.1)
data = [(torch.randn(4, 8), torch.randint(0, 2, (4,))) for _ in range(10)]

for epoch in range(3):
    for x, y in data:
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(net(x), y)
        loss.backward()
        optimizer.step()
        if opts.scheduler in ("cyclic", "onecycle"):
            scheduler.step()
