import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


class Exhausted(Exception):
    pass


def fit_batch(stream, net, optim):
    try:
        features, labels = next(stream)
    except StopIteration:
        raise Exhausted from None
    optim.zero_grad(set_to_none=True)
    cost = F.cross_entropy(net(features), labels)
    cost.backward()
    optim.step()


def main(dataset, net, epochs):
    sampler = DistributedSampler(dataset)
    loader = DataLoader(dataset, batch_size=16, sampler=sampler)
    optim = torch.optim.SGD(net.parameters(), lr=0.1)
    for epoch in range(epochs):
        sampler.set_epoch(epoch)
        stream = iter(loader)
        while True:
            try:
                fit_batch(stream, net, optim)
            except Exhausted:
                break
