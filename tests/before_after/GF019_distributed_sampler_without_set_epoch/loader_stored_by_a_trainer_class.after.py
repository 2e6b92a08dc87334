# The distributed loader is handed to a trainer class of the file, which keeps it as
# `self.train_loader` and iterates it in its epoch loop without ever giving it the epoch.
import torch
from torch import nn
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


class Trainer:
    def __init__(self, model, train_loader, epochs):
        self.model = model
        self.train_loader = train_loader
        self.epochs = epochs
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)

    def train(self):
        self.model.train()
        for epoch in range(self.epochs):
            if isinstance(self.train_loader.sampler, DistributedSampler):
                self.train_loader.sampler.set_epoch(epoch)
            for x, y in self.train_loader:
                loss = nn.functional.mse_loss(self.model(x), y)
                loss.backward()
                self.optimizer.step()
                self.optimizer.zero_grad()


def main(dataset, model):
    loader = DataLoader(dataset, batch_size=8, sampler=DistributedSampler(dataset))
    Trainer(model, loader, epochs=3).train()
