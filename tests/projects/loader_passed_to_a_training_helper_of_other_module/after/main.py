# The distributed loader's sampler is never given the epoch: engine.py's epoch trains over it
# in the same order every epoch on every process.
import torch
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from engine import train_one_epoch


def main(model, dataset, epochs, device):
    sampler_train = DistributedSampler(dataset)
    data_loader_train = DataLoader(dataset, batch_size=64, sampler=sampler_train)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    for epoch in range(epochs):
        sampler_train.set_epoch(epoch)
        print(epoch, train_one_epoch(model, data_loader_train, optimizer, device))
