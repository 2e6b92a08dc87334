"""The loop hands its index `n` to the method by keyword, as `micro`: the window reads the
loop's `n` under another name; nothing flushes the last micro-batches of an epoch."""
import torch
import torch.nn.functional as F

EVERY = 4


class Learner:
    def __init__(self) -> None:
        self.head = torch.nn.Linear(8, 3)
        self.adam = torch.optim.Adam(self.head.parameters(), lr=3e-4)

    def update(self, xb, yb, micro):
        (F.cross_entropy(self.head(xb), yb) / EVERY).backward()
        if (micro + 1) % EVERY == 0:
            self.adam.step()
            self.adam.zero_grad(set_to_none=True)

    def fit(self, batches, epochs):
        for _ in range(epochs):
            for n, (xb, yb) in enumerate(batches):
                self.update(xb, yb, micro=n)
