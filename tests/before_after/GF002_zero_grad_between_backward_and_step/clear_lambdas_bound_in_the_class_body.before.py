import torch
from torch import nn


class Stepper:
    wipe = lambda self: self.optimizer.zero_grad(set_to_none=True)
    wipe_given = staticmethod(lambda optimizer: optimizer.zero_grad())

    def __init__(self, network):
        self.network = network
        self.optimizer = torch.optim.AdamW(network.parameters(), lr=1e-3)

    def method_loop(self, batches):
        k = 0
        while k < len(batches):
            features, labels = batches[k]
            nn.functional.mse_loss(self.network(features), labels).backward()
            self.wipe()
            self.optimizer.step()
            k += 1

    def static_loop(self, batches):
        for features, labels in batches:
            nn.functional.mse_loss(self.network(features), labels).backward()
            self.wipe_given(self.optimizer)
            self.optimizer.step()
