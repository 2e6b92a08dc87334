"""An ensemble object reading its members' gradients where each read holds one batch: each member
cleared before its backward, the members replaced by new ones on each pass, or cleared by a
method of the object the loop around calls first."""

import torch.nn.functional as F


class Ensemble:
    def __init__(self, members, build):
        self.members = members
        self.build = build
        self.grad_norms = [[] for _ in members]
        self.trace = []

    def record_cleared(self, loader):
        for inputs, targets in loader:
            for index, member in enumerate(self.members):
                member.zero_grad(set_to_none=True)
                F.cross_entropy(member(inputs), targets).backward()
                self.grad_norms[index].append(sum(p.grad.norm().item() for p in member.parameters()))

    def record_fresh_members(self, loader):
        for inputs, targets in loader:
            self.members = [self.build() for _ in range(3)]
            for member in self.members:
                F.mse_loss(member(inputs), targets).backward()
                self.trace.append([p.grad.clone() for p in member.parameters()])

    def record_after_reset(self, loader):
        for inputs, targets in loader:
            self.reset()
            for member in self.members:
                F.mse_loss(member(inputs), targets).backward()
                self.trace.append([p.grad.clone() for p in member.parameters()])

    def reset(self):
        for member in self.members:
            member.zero_grad(set_to_none=True)
