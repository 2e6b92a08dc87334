import torch
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


class Engine(object):
    def __init__(self, model, dataset, max_epochs):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
        self.max_epochs = max_epochs
        self.epoch = 0
        self.dataset = dataset

    def train(self):
        sampler = DistributedSampler(self.dataset)
        loader = DataLoader(self.dataset, batch_size=64, sampler=sampler)
        for epoch in range(self.max_epochs):
            sampler.set_epoch(epoch)
            self.epoch = epoch
            for images, labels in loader:
                logits = self.model(images)
                loss = torch.nn.functional.cross_entropy(logits, labels)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
