"""Correct: the loss is a sum over the crops divided by `self.num_crops`, an attribute bound once
to 3, and the plugin also accumulates over 3 micro-batches: the division is a mean over the
summed crops, not the accumulation count, even though the numbers agree."""
import torch
import torch.nn.functional as F
from accelerate import Accelerator
from accelerate.utils import GradientAccumulationPlugin


class CropTrainer:
    def __init__(self, network):
        self.accelerator = Accelerator(gradient_accumulation_plugin=GradientAccumulationPlugin(num_steps=3))
        self.num_crops = 3
        self.network, self.optimizer = self.accelerator.prepare(network, torch.optim.SGD(network.parameters(), lr=0.1))

    def epoch(self, loader):
        for crops, labels in loader:
            with self.accelerator.accumulate(self.network):
                loss = sum(F.cross_entropy(self.network(c), labels) for c in crops) / self.num_crops
                self.accelerator.backward(loss)
                self.optimizer.step()
                self.optimizer.zero_grad()
