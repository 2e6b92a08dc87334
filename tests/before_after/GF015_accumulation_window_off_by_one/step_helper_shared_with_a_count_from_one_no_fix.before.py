# One step helper, two callers: `train` hands it a count from 0 (its first window holds one
# micro-batch), `finetune` a count from 1 (right). Reported for `train`, without a fix: making
# the helper's test `(i + 1) % accum == 0` would break `finetune`.
import torch
import torch.nn.functional as F


def maybe_step(optimizer, i, accum):
    if i % accum == 0:
        optimizer.step()
        optimizer.zero_grad()


def finetune(model, batches, accum=4):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    for i, (x, y) in enumerate(batches, start=1):
        (F.cross_entropy(model(x), y) / accum).backward()
        maybe_step(optimizer, i, accum)


def train(model, batches, accum=4):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(3):
        for i, (x, y) in enumerate(batches):
            (F.cross_entropy(model(x), y) / accum).backward()
            maybe_step(optimizer, i, accum)
