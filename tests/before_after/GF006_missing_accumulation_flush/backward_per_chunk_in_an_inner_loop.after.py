import torch
from torch import nn

ACCUMULATE = 3
scorer = nn.Linear(8, 1)
optimizer = torch.optim.SGD(scorer.parameters(), lr=0.05)
groups = [torch.randn(6, 8) for _ in range(8)]


def train_one_epoch():
    optimizer.zero_grad(set_to_none=True)
    index = -1  # the flush after the loop reads it, also when the loop runs no batch
    for index, group in enumerate(groups):
        for chunk in group.split(2):  # one backward per chunk of the group
            (scorer(chunk).pow(2).mean() / (ACCUMULATE * 3)).backward()
        if (index + 1) % ACCUMULATE == 0:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)

    # the last micro-batches did not fill a whole window: step on them too
    if (index + 1) % ACCUMULATE != 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)


for epoch in range(2):
    train_one_epoch()
