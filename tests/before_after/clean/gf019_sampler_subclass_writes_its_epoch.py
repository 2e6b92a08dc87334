import torch
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


class AdvancingSampler(DistributedSampler):
    def __iter__(self):
        order = list(super().__iter__())
        self.epoch = self.epoch + 1
        return iter(order)


def fit(model, ds, epochs):
    sampler = AdvancingSampler(ds)
    loader = DataLoader(ds, batch_size=8, sampler=sampler)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
