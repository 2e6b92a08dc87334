# A closure method clears first, as it should, and again after its backward: the second clear
# wipes what `self.solver.step(self.objective)` is about to apply. Only that clear goes.
import torch
from torch import nn


class Calibrator:
    def __init__(self, logits, labels):
        self.temperature = nn.Parameter(torch.ones(1))
        self.solver = torch.optim.LBFGS([self.temperature], lr=0.01, max_iter=50)
        self.logits, self.labels = logits, labels

    def objective(self):
        self.solver.zero_grad()
        nll = nn.functional.cross_entropy(self.logits / self.temperature, self.labels)
        nll.backward()
        return nll

    def run(self, rounds):
        for _ in range(rounds):
            self.solver.step(self.objective)
        return self.temperature.item()
