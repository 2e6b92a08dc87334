"""A warm-up wrapper of the project steps the optimizer it holds and never clears it: the
clear goes on that optimizer (the wrapper has no `zero_grad` of its own)."""
import torch
from torch import nn


class WarmupStepper:
    def __init__(self, optimizer, warmup):
        self.optimizer = optimizer
        self.warmup = warmup
        self.calls = 0

    def step(self):
        self.calls += 1
        scale = min(1.0, self.calls / self.warmup)
        for group in self.optimizer.param_groups:
            group["lr"] = 0.01 * scale
        self.optimizer.step()


def fit(net, batches, rounds):
    stepper = WarmupStepper(torch.optim.SGD(net.parameters(), lr=0.01), warmup=10)
    done = 0
    while done < rounds:
        for inputs, targets in batches:
            loss = nn.functional.mse_loss(net(inputs), targets)
            loss.backward()
            stepper.step()
        done += 1
