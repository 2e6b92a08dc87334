# The sampler stored on the trainer is given the epoch by the epoch loop of `fit`: correct.
import torch
from torch.utils.data import DataLoader, DistributedSampler


class Trainer:
    def __init__(self, model, dataset, opt):
        self.model = model
        self.dataset = dataset
        self.opt = opt
        self.sampler = DistributedSampler(dataset, shuffle=True)
        self.loader = self._make_loader()

    def _make_loader(self):
        return DataLoader(self.dataset, batch_size=8, sampler=self.sampler)

    def fit(self, epochs):
        for epoch in range(epochs):
            self.sampler.set_epoch(epoch)
            for x, y in self.loader:
                self.opt.zero_grad()
                loss = torch.nn.functional.mse_loss(self.model(x), y)
                loss.backward()
                self.opt.step()
