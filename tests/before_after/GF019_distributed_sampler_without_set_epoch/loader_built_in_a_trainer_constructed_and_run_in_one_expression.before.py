# The trainer is built, handed its loader, and run in one expression.
import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler


class Trainer:
    def __init__(self, model, loader, epochs=3):
        self.model = model
        self.loader = loader
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)
        self.epochs = epochs

    def fit(self):
        epoch = 0
        while epoch < self.epochs:
            for x, y in self.loader:
                self.opt.zero_grad()
                F.mse_loss(self.model(x), y).backward()
                self.opt.step()
            epoch += 1
        return self.model


def main():
    ds = TensorDataset(torch.randn(16, 4), torch.randn(16, 1))
    return Trainer(nn.Linear(4, 1), DataLoader(ds, batch_size=4, sampler=DistributedSampler(ds))).fit()
