# The shuffling DistributedSampler comes from a factory of the file called inline in the
# loader's `sampler=` argument; nothing gives it the epoch.
import torch
from torch.utils.data import DataLoader, DistributedSampler


def make_sampler(dataset):
    return DistributedSampler(dataset, shuffle=True)


def train(model, dataset, epochs):
    loader = DataLoader(dataset, batch_size=32, sampler=make_sampler(dataset))
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
