import torch
import torch.nn as nn
import torch.nn.functional as F

FINE_TUNE = True


class Head(nn.Module):
    def __init__(self, classes: int):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(8, 16), nn.ReLU())
        self.head = nn.Linear(16, classes)

    def forward(self, x):
        return self.head(self.body(x))


if FINE_TUNE:

    class Learner:
        """Keeps the optimizer it built in `__init__`: `swap_head` leaves it stale."""

        def __init__(self, classes: int):
            self.network = Head(classes)
            self.optim = torch.optim.Adam(self.network.parameters(), lr=1e-3)

        def swap_head(self, classes: int) -> None:
            self.network.head = nn.Linear(16, classes)

        def train_round(self, batches) -> None:
            i = 0
            while i < len(batches):
                x, y = batches[i]
                self.optim.zero_grad(set_to_none=True)
                F.cross_entropy(self.network(x), y).backward()
                self.optim.step()
                i += 1


def make_relearner():
    class Relearner:
        """Builds its optimizer again whenever the head changes."""

        def __init__(self, classes: int):
            self.network = Head(classes)
            self.optim = torch.optim.Adam(self.network.parameters(), lr=1e-3)

        def swap_head(self, classes: int) -> None:
            self.network.head = nn.Linear(16, classes)
            self.optim = torch.optim.Adam(self.network.parameters(), lr=1e-3)
            for group in self.optim.param_groups:
                group["lr"] = 5e-4

        def train_round(self, batches) -> None:
            for x, y in batches:
                self.optim.zero_grad(set_to_none=True)
                F.cross_entropy(self.network(x), y).backward()
                self.optim.step()

    return Relearner


def run(batches) -> None:
    first = Learner(3)
    first.swap_head(5)
    first.train_round(batches)
    second = make_relearner()(3)
    second.swap_head(5)
    second.train_round(batches)
