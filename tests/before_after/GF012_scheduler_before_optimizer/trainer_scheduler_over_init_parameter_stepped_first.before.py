import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, optimizer):
        self.model, self.optimizer = model, optimizer
        self.scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=100, gamma=0.5)

    def fit(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            F.cross_entropy(self.model(x), y).backward()
            self.scheduler.step()
            self.optimizer.step()


model = torch.nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
Trainer(model, optimizer).fit([])
