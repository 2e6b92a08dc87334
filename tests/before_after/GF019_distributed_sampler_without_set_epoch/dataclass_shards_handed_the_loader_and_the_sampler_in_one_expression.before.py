from dataclasses import dataclass

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler


@dataclass
class Shards:
    net: nn.Module
    optimizer: torch.optim.Optimizer
    batches: DataLoader
    sampler: DistributedSampler
    n_epochs: int = 2

    def run(self):
        for epoch in range(self.n_epochs):
            for inputs, targets in self.batches:
                self.optimizer.zero_grad(set_to_none=True)
                nn.functional.mse_loss(self.net(inputs), targets).backward()
                self.optimizer.step()


data = TensorDataset(torch.randn(12, 3), torch.randn(12, 1))
shard_sampler = DistributedSampler(data, num_replicas=1, rank=0)
net = nn.Linear(3, 1)
Shards(net, torch.optim.Adam(net.parameters()), DataLoader(data, sampler=shard_sampler), shard_sampler).run()
