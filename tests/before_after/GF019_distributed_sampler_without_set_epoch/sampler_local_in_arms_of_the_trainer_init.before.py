import torch
from torch.utils.data import DataLoader, RandomSampler
from torch.utils.data.distributed import DistributedSampler


class Runner:
    def __init__(self, data, net, world_size, n_epochs=3):
        if world_size > 1:
            train_sampler = DistributedSampler(data)
        else:
            train_sampler = RandomSampler(data)
        self.train_loader = DataLoader(data, batch_size=4, sampler=train_sampler)
        self.net = net
        self.optimizer = torch.optim.Adam(net.parameters())
        self.n_epochs = n_epochs

    def run_epoch(self):
        for inputs, targets in self.train_loader:
            self.optimizer.zero_grad()
            out = self.net(inputs)
            torch.nn.functional.cross_entropy(out, targets).backward()
            self.optimizer.step()

    def train(self):
        for ep in range(self.n_epochs):
            self.run_epoch()
