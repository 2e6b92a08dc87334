"""The Accelerator accumulates through a `GradientAccumulationPlugin(num_steps=8)`, and the
trainer divides the loss by `self.micro_batches`, an attribute bound once to the same literal 8:
the loss is divided twice. The division goes."""
import torch
import torch.nn.functional as F
from accelerate import Accelerator
from accelerate.utils import GradientAccumulationPlugin


class Trainer:
    def __init__(self, network):
        plugin = GradientAccumulationPlugin(num_steps=8)
        self.accelerator = Accelerator(gradient_accumulation_plugin=plugin)
        self.micro_batches = 8
        self.network, self.optimizer = self.accelerator.prepare(network, torch.optim.AdamW(network.parameters()))

    def epoch(self, loader):
        for features, labels in loader:
            with self.accelerator.accumulate(self.network):
                loss = F.cross_entropy(self.network(features), labels)
                loss = loss / self.micro_batches
                self.accelerator.backward(loss)
                self.optimizer.step()
                self.optimizer.zero_grad()
