import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, accumulation_steps):
        self.model, self.accumulation_steps = model, accumulation_steps
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)

    def fit(self, loader):
        for i, (x, y) in enumerate(loader):
            self.model.zero_grad()
            loss = F.cross_entropy(self.model(x), y) / self.accumulation_steps
            loss.backward()
            if (i + 1) % self.accumulation_steps == 0:
                self.optimizer.step()
        if (i + 1) % self.accumulation_steps != 0:
            self.optimizer.step()
