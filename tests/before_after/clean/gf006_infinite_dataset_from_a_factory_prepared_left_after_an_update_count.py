"""A dataset built with `infinite=True` (it starts over when it runs out), shuffled, handed to
a DataLoader by a factory of the module, then through a `prepare(...)` that hands its
arguments back in order; the step sits in the `else` of the window's test, and the loop is
left only when the count of updates, changed there alone, reaches the total."""
import torch
from torch import nn
from torch.utils.data import DataLoader, IterableDataset


class Repeating(IterableDataset):
    def __init__(self, rows, infinite=False):
        self.rows = rows
        self.infinite = infinite

    def __iter__(self):
        while True:
            yield from self.rows
            if not self.infinite:
                return

    def shuffle(self, buffer_size):
        order = torch.randperm(len(self.rows))[:buffer_size].tolist()
        return Repeating([self.rows[i] for i in order], self.infinite)


class Launcher:
    def prepare(self, *objects):
        return objects


def build_loaders(settings):
    rows = [torch.randn(4) for _ in range(9)]
    train_set = Repeating(rows, infinite=True)
    train_set = train_set.shuffle(buffer_size=settings["buffer"])
    held_out = Repeating(rows[:3])
    return DataLoader(train_set, batch_size=2), DataLoader(held_out, batch_size=2)


settings = {"buffer": 8, "accumulate": 4, "max_updates": 5}
launcher = Launcher()
model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
train_loader, eval_loader = build_loaders(settings)
model, optimizer, train_loader = launcher.prepare(model, optimizer, train_loader)

finished_updates = 0
for step, rows in enumerate(train_loader, start=1):
    loss = model(rows).pow(2).mean() / settings["accumulate"]
    if step % settings["accumulate"] != 0:
        loss.backward()
    else:
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        finished_updates += 1
    if finished_updates >= settings["max_updates"]:
        break
