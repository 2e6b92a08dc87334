import torch
from torch.optim.lr_scheduler import StepLR as Schedule


class Trainer:
    def __init__(self, model, lr, groups=None):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
        self.scheduler = Schedule(self.optimizer, step_size=2, gamma=0.5)
        if groups is not None:
            self.optimizer = torch.optim.SGD(groups, lr=lr, momentum=0.9)

    def train_epoch(self, loader):
        self.model.train()
        for x, y in loader:
            self.optimizer.zero_grad()
            torch.nn.functional.cross_entropy(self.model(x), y).backward()
            self.optimizer.step()

    def fit(self, loader, epochs):
        for _ in range(epochs):
            self.train_epoch(loader)
            self.scheduler.step()
