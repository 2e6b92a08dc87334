import types
from dataclasses import dataclass

import torch
import torch.nn as nn

torch.manual_seed(0)
loader = [(torch.randn(4, 8), torch.randn(4, 1)) for _ in range(6)]


class Stepper:
    def __init__(self, net, optimizer, state):
        self.net = net
        self.optimizer = optimizer
        self.state = state

    def __call__(self, x, y):
        self.optimizer.zero_grad()
        loss = nn.functional.mse_loss(self.net(x), y)
        self.state.scaler.scale(loss).backward()
        self.optimizer.step()
        return loss.item()


def main():
    net = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))
    optimizer = torch.optim.SGD(net.parameters(), lr=0.05)
    state = types.SimpleNamespace(scaler=torch.amp.GradScaler("cpu"), epoch=0)
    step = Stepper(net, optimizer, state)
    for epoch in range(2):
        for x, y in loader:
            step(x, y)
    return net


if __name__ == "__main__":
    main()
