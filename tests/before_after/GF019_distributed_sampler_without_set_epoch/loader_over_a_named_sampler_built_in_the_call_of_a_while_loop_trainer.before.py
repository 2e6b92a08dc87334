# The loader is built right in the call of the training function over a sampler bound to a name;
# `fit` counts epochs in a `while` loop and never calls `set_epoch`: every epoch repeats one order.
import torch
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


def fit(net, batches, optimizer, max_epochs=10):
    epoch = 0
    while epoch < max_epochs:
        for inputs, targets in batches:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(net(inputs), targets).backward()
            optimizer.step()
        epoch += 1


def main(net, train_set):
    optimizer = torch.optim.AdamW(net.parameters(), lr=1e-3)
    shards = DistributedSampler(train_set)
    fit(net, DataLoader(train_set, batch_size=32, sampler=shards), optimizer)
