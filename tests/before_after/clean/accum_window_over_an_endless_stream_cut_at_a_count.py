import itertools

import torch
import torch.nn as nn
import torch.nn.functional as F

ACCUM = 4
MAX_STEPS = 1000

net = nn.Linear(16, 4)
optimizer = torch.optim.AdamW(net.parameters(), lr=1e-3)
shards = [(torch.randn(8, 16), torch.randint(0, 4, (8,))) for _ in range(7)]

# an endless stream of batches, cut at a number of micro-steps: no epoch ends in it
for step, (inputs, labels) in enumerate(itertools.islice(itertools.cycle(shards), MAX_STEPS)):
    loss = F.cross_entropy(net(inputs), labels) / ACCUM
    loss.backward()
    if (step + 1) % ACCUM == 0:
        optimizer.step()
        optimizer.zero_grad()
