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
        for batch in batches:
            progress = one_batch(net, sgd, batch, progress=progress)
        if progress.micro % GROUP != 0:
            sgd.step()
            sgd.zero_grad(set_to_none=True)
        r += 1
    return progress


@dataclasses.dataclass(frozen=True)
class Tally:
    k: int = 0


class Learner:
    def __init__(self, model, accumulate):
        self.model = model
        self.accumulate = accumulate
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)

    def update(self, tally, x, y):
        loss = nn.functional.cross_entropy(self.model(x), y) / self.accumulate
        loss.backward()
        if (tally.k + 1) % self.accumulate == 0:
            self.optimizer.step()
            self.optimizer.zero_grad(set_to_none=True)
        return dataclasses.replace(tally, k=tally.k + 1)

    def fit(self, loader, epochs):
        tally = Tally()
        for epoch in range(epochs):
            tally = dataclasses.replace(tally, k=0)
            for x, y in loader:
                tally = self.update(tally, x, y)
            if tally.k % self.accumulate != 0:
                self.optimizer.step()
                self.optimizer.zero_grad(set_to_none=True)


net = nn.Linear(4, 1)
sgd = torch.optim.SGD(net.parameters(), lr=0.05)
fit(net, sgd, [(torch.randn(2, 4), torch.randn(2, 1)) for _ in range(7)], 3)
learner = Learner(nn.Sequential(nn.Linear(8, 4)), 4)
learner.fit([(torch.randn(3, 8), torch.randint(0, 4, (3,))) for _ in range(8)], 2)
