import torch
from torch.optim import lr_scheduler


class Trainer:
    def __init__(self, model, epochs):
        self.model = model
        self.epochs = epochs
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)

    def build_schedule(self):
        return lr_scheduler.CosineAnnealingLR(self.optimizer, T_max=self.epochs)

    def fit(self, loader):
        schedule = self.build_schedule()
        for epoch in range(self.epochs):
            for x, y in loader:
                self.optimizer.zero_grad()
                torch.nn.functional.mse_loss(self.model(x), y).backward()
                self.optimizer.step()
            schedule.step()
