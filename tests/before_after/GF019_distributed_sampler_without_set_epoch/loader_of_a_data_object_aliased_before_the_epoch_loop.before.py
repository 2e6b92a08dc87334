"""A data object builds the distributed sampler and the loader over it; the training function
binds the object's loader to a local name before the epoch loop and iterates that name. No
epoch is ever given to the sampler: the fix sets it through the object."""
import torch
from torch import nn
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset


class Data:
    def __init__(self, dataset, rank, world):
        self.train_sampler = DistributedSampler(dataset, num_replicas=world, rank=rank)
        self.train_loader = DataLoader(dataset, batch_size=4, sampler=self.train_sampler)


def train(model, dataset, epochs):
    data = Data(dataset, 0, 1)
    loader = data.train_loader
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            nn.functional.mse_loss(model(x), y).backward()
            opt.step()


train(nn.Linear(3, 1), TensorDataset(torch.randn(16, 3), torch.randn(16, 1)), 2)
