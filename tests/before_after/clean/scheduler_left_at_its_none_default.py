import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer

    def loop(self, epochs, train_data, scheduler=None):
        for epoch in range(epochs):
            if scheduler is not None:
                scheduler.step()  # never runs: no call passes a scheduler
            for x, y in train_data:
                self.optimizer.zero_grad(set_to_none=True)
                F.cross_entropy(self.model(x), y).backward()
                self.optimizer.step()


def fit(model, optimizer, data, epochs, scheduler=None):
    for epoch in range(epochs):
        if scheduler is not None:
            scheduler.step()
        for x, y in data:
            optimizer.zero_grad(set_to_none=True)
            F.cross_entropy(model(x), y).backward()
            optimizer.step()


def main(model, data):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    trainer = Trainer(model, optimizer)
    trainer.loop(200, data)
    fit(model, optimizer, data, 3)
