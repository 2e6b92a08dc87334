"""A trainer whose step clears, backpropagates and steps through `getattr(obj, "name")(...)`,
in a `while` loop: each is the method call it names."""
import torch
from torch import nn


class Learner:
    def __init__(self, width: int) -> None:
        self.body = nn.Linear(width, 1)
        self.solver = torch.optim.SGD(self.body.parameters(), lr=0.05, momentum=0.9)

    def update(self, features, labels) -> float:
        getattr(self.solver, "zero_grad")(set_to_none=True)
        objective = nn.functional.mse_loss(self.body(features), labels)
        getattr(objective, "backward")()
        getattr(self.solver, "step")()
        return objective.item()

    def run(self, pending) -> None:
        while pending:
            features, labels = pending.pop()
            self.update(features, labels)


Learner(4).run([(torch.randn(3, 4), torch.randn(3, 1)) for _ in range(5)])
