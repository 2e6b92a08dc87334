# The evaluated network is picked by a flag no constant decides (`net = ema_model if use_ema
# else model`, a parameter; `self.use_ema`, an attribute): without EMA it is the trained model,
# left in eval mode for every later epoch. The EMA copy is no module the optimizer trains, so
# restoring the trained one is right either way.
import copy

import torch
from torch import nn


def fit(model, loader, val_loader, epochs, use_ema=False):
    ema_model = copy.deepcopy(model)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    model.train()
    for epoch in range(epochs):
        model.train()
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
            with torch.no_grad():
                for e, p in zip(ema_model.parameters(), model.parameters()):
                    e.mul_(0.99).add_(p, alpha=0.01)
        net = ema_model if use_ema else model
        net.eval()
        with torch.no_grad():
            correct = sum((net(x).argmax(1) == y).sum().item() for x, y in val_loader)
        print(epoch, correct)


class Trainer:
    def __init__(self, model, use_ema):
        self.model = model
        self.ema = copy.deepcopy(model)
        self.use_ema = use_ema
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)

    def fit(self, loader, val_loader, epochs):
        self.model.train()
        for epoch in range(epochs):
            self.model.train()
            for x, y in loader:
                self.optimizer.zero_grad()
                nn.functional.cross_entropy(self.model(x), y).backward()
                self.optimizer.step()
            evaluated = self.model if not self.use_ema else self.ema
            evaluated.eval()
            with torch.no_grad():
                correct = sum((evaluated(x).argmax(1) == y).sum().item() for x, y in val_loader)
            print(epoch, correct)
