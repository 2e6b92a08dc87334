# A trainer written as a dataclass: its loader is a field, the epoch loop in a method.
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler


@dataclass
class ShardedFit:
    net: torch.nn.Module
    sgd: torch.optim.Optimizer
    batches: DataLoader
    rounds: int = 3

    def run(self):
        for r in range(self.rounds):
            if isinstance(self.batches.sampler, DistributedSampler):
                self.batches.sampler.set_epoch(r)
            for inputs, targets in self.batches:
                self.sgd.zero_grad(set_to_none=True)
                F.mse_loss(self.net(inputs), targets).backward()
                self.sgd.step()


data = TensorDataset(torch.randn(24, 4), torch.randn(24, 1))
net = torch.nn.Linear(4, 1)
feed = DataLoader(data, batch_size=6, sampler=DistributedSampler(data, num_replicas=1, rank=0))
ShardedFit(net, torch.optim.SGD(net.parameters(), lr=0.05), feed).run()
