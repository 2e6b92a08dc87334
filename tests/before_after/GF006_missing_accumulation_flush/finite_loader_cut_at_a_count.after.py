import itertools

import torch
import torch.nn as nn
import torch.nn.functional as F

ACCUM = 4
net = nn.Linear(16, 4)
optimizer = torch.optim.AdamW(net.parameters(), lr=1e-3)
shards = [(torch.randn(8, 16), torch.randint(0, 4, (8,))) for _ in range(7)]
step = -1  # the flush after the loop reads it, also when the loop runs no batch

# a finite loader cut at a count: its last batches may leave a window unfilled
for step, (inputs, labels) in enumerate(itertools.islice(shards, 100)):
    loss = F.cross_entropy(net(inputs), labels) / ACCUM
    loss.backward()
    if (step + 1) % ACCUM == 0:
        optimizer.step()
        optimizer.zero_grad()

# the last micro-batches did not fill a whole window: step on them too
if (step + 1) % ACCUM != 0:
    optimizer.step()
    optimizer.zero_grad()
