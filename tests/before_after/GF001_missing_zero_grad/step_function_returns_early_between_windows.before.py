# A trainer's step function accumulates by returning early between windows and never clears:
# the clear goes right after its step.
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, optimizer, accum):
        self.model = model
        self.optimizer = optimizer
        self.accum = accum

    def train_step(self, i, x, y):
        loss = F.cross_entropy(self.model(x), y) / self.accum
        loss.backward()
        if (i + 1) % self.accum != 0:
            return loss
        self.optimizer.step()
        return loss

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            for i, (x, y) in enumerate(loader):
                self.train_step(i, x, y)
