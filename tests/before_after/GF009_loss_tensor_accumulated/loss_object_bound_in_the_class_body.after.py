# Reported, with the fix: `self.crit_loss` is no method but a loss module bound in the class body,
# so its call returns the loss tensor, graph and all.
import torch.nn as nn


class Trainer:
    crit_loss = nn.L1Loss()

    def __init__(self, model):
        self.model = model

    def fit(self, loader, opt):
        total = 0.0
        for x, y in loader:
            opt.zero_grad()
            loss = nn.functional.mse_loss(self.model(x), y)
            loss.backward()
            opt.step()
            total += self.crit_loss(self.model(x), y).detach()
        return total
