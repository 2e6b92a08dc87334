# Buggy: a method's `while` batch loop steps each member's optimizer through `zip` over
# attributes set in `__init__`; nothing clears between batches.
import torch


class Ensemble:
    def __init__(self, members, lr):
        self.members = members
        self.optims = [torch.optim.Adam(m.parameters(), lr=lr) for m in members]

    def fit(self, stream, steps):
        step = 0
        while step < steps:
            x, y = next(stream)
            for member, optim in zip(self.members, self.optims):
                out = member(x)
                torch.nn.functional.mse_loss(out, y).backward()
                optim.step()
            step += 1
