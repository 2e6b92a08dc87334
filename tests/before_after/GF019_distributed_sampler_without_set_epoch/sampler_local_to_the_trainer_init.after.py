import torch
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


class Regressor:
    def __init__(self, table, net, rounds):
        shard = DistributedSampler(table)
        self.feed = DataLoader(table, batch_size=32, sampler=shard, pin_memory=True)
        self.net = net
        self.adam = torch.optim.Adam(net.parameters(), lr=1e-3)
        self.rounds = rounds

    def fit(self):
        self.net.train()
        for r in range(self.rounds):
            self.feed.sampler.set_epoch(r)
            for features, target in self.feed:
                self.adam.zero_grad()
                err = torch.nn.functional.l1_loss(self.net(features), target)
                err.backward()
                self.adam.step()
