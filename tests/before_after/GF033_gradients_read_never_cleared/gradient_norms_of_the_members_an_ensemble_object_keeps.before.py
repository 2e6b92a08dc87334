"""An ensemble object that keeps its members in `self.members` and, for each batch, backpropagates
every member and records its gradient norm: no member is ever cleared, so from the second batch
on each norm is the norm of a running sum."""

import torch.nn.functional as F


class Ensemble:
    def __init__(self, members):
        self.members = members
        self.grad_norms = [[] for _ in members]

    def record_gradients(self, loader):
        for inputs, targets in loader:
            for index, member in enumerate(self.members):
                F.cross_entropy(member(inputs), targets).backward()
                total = sum(param.grad.norm().item() for param in member.parameters())
                self.grad_norms[index].append(total)
        return self.grad_norms
