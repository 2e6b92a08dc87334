import dataclasses

import torch
from torch import nn


@dataclasses.dataclass
class Monitor:
    network: nn.Module
    feed: list

    def __post_init__(self):
        self.sizes = []

    def watch(self):
        t = 0
        while t < len(self.feed):
            x, y = self.feed[t]
            torch.nn.functional.cross_entropy(self.network(x), y).backward()
            self.sizes.append(self.network[0].weight.grad.abs().sum().item())
            t += 1
