import torch
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


class Trainer:
    def __init__(self, model, dataset, batch_size):
        self.model = model
        self.train_sampler = DistributedSampler(dataset)
        self.train_loader = DataLoader(dataset, batch_size=batch_size, sampler=self.train_sampler)
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.1)

    def fit(self, max_epochs):
        for epoch in range(max_epochs):
            for source, targets in self.train_loader:
                self.optimizer.zero_grad()
                loss = torch.nn.functional.cross_entropy(self.model(source), targets)
                loss.backward()
                self.optimizer.step()
