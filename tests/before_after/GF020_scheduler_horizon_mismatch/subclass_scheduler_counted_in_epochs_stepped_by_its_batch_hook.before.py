import torch
from torch import nn


class Engine:
    def __init__(self, model, loader, num_epochs):
        self.model = model
        self.loader = loader
        self.num_epochs = num_epochs
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)

    def batch(self, x, y):
        raise NotImplementedError

    def run(self):
        for epoch in range(self.num_epochs):
            for x, y in self.loader:
                self.batch(x, y)


class Classifier(Engine):
    def __init__(self, model, loader, num_epochs):
        super().__init__(model, loader, num_epochs)
        self.warmdown = torch.optim.lr_scheduler.LinearLR(self.opt, start_factor=1.0, end_factor=0.05, total_iters=self.num_epochs)

    def batch(self, x, y):
        self.opt.zero_grad()
        nn.functional.cross_entropy(self.model(x), y).backward()
        self.opt.step()
        self.warmdown.step()
