# The window's test is written `if not (accumulating := (i + 1) % ACC != 0):`: read as the plain
# `if not (i + 1) % ACC != 0`, its tail after the loop never steps.
import torch
from torch import nn

model = nn.Linear(8, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
ACC = 4


def train(loader):
    i = -1  # the flush after the loop reads it, also when the loop runs no batch
    for i, (x, y) in enumerate(loader):
        (nn.functional.cross_entropy(model(x), y) / ACC).backward()
        if not (accumulating := (i + 1) % ACC != 0):
            optimizer.step()
            optimizer.zero_grad()

    # the last micro-batches did not fill a whole window: step on them too
    if (i + 1) % ACC != 0:
        optimizer.step()
        optimizer.zero_grad()
