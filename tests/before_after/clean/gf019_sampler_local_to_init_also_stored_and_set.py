import torch
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


class Fitter:
    def __init__(self, ds, model, epochs):
        sampler = DistributedSampler(ds)
        self.loader = DataLoader(ds, batch_size=8, sampler=sampler)
        self.sampler = sampler
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)
        self.epochs = epochs

    def fit(self):
        for epoch in range(self.epochs):
            self.sampler.set_epoch(epoch)
            for x, y in self.loader:
                self.opt.zero_grad()
                loss = torch.nn.functional.mse_loss(self.model(x), y)
                loss.backward()
                self.opt.step()
