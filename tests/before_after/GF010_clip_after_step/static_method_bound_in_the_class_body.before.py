import torch
from torch import nn


def _apply_gradients(network, optimiser, inputs, targets):
    optimiser.zero_grad(set_to_none=True)
    nn.functional.mse_loss(network(inputs), targets).backward()
    optimiser.step()
    nn.utils.clip_grad_value_(network.parameters(), 0.5)


class Regressor:
    update = staticmethod(_apply_gradients)

    def __init__(self, network):
        self.network = network
        self.optimiser = torch.optim.Adam(network.parameters(), lr=1e-3)

    def train(self, inputs, targets, steps):
        done = 0
        while done < steps:
            Regressor.update(self.network, self.optimiser, inputs, targets)
            done += 1
