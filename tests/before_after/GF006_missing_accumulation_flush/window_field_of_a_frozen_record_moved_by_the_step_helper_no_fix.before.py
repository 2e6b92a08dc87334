import dataclasses

import torch
import torch.nn as nn

GROUP = 3


@dataclasses.dataclass(frozen=True)
class Progress:
    micro: int = 0
    seen: int = 0


def one_batch(net, sgd, batch, progress):
    inputs, targets = batch
    loss = nn.functional.mse_loss(net(inputs), targets) / GROUP
    loss.backward()
    if (progress.micro + 1) % GROUP == 0:
        sgd.step()
        sgd.zero_grad(set_to_none=True)
    return dataclasses.replace(progress, micro=progress.micro + 1, seen=progress.seen + len(inputs))


def fit(net, sgd, batches, rounds):
    progress = Progress()
    r = 0
    while r < rounds:
        progress = dataclasses.replace(progress, micro=0)
        pending = iter(batches)
        batch = next(pending, None)
        while batch is not None:
            progress = one_batch(net, sgd, batch, progress=progress)
            batch = next(pending, None)
        r += 1
    return progress


net = nn.Linear(4, 1)
sgd = torch.optim.SGD(net.parameters(), lr=0.05)
fit(net, sgd, [(torch.randn(2, 4), torch.randn(2, 1)) for _ in range(7)], 3)
