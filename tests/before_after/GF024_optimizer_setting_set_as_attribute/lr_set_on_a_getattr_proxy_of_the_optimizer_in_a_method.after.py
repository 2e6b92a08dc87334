import torch
import torch.nn as nn


class Forwarding:
    def __init__(self, label, wrapped):
        self.label = label
        self._wrapped = wrapped

    def __getattr__(self, item):
        return getattr(self._wrapped, item)


class Trainer:
    def __init__(self, model):
        self.model = model

    def fit(self, batches, rounds):
        optim = Forwarding("main", torch.optim.Adam(self.model.parameters(), lr=1e-3))
        r = 0
        while r < rounds:
            optim.lr = 1e-3 / (1 + r)
            for param_group in optim.param_groups:
                param_group["lr"] = optim.lr
            for x, y in batches:
                optim.zero_grad(set_to_none=True)
                nn.functional.mse_loss(self.model(x), y).backward()
                optim.step()
            r += 1


Trainer(nn.Linear(3, 1)).fit([(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(3)], 4)
