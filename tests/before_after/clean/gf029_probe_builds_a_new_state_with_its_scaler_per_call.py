import types
from dataclasses import dataclass

import torch
import torch.nn as nn

torch.manual_seed(0)
loader = [(torch.randn(4, 8), torch.randn(4, 1)) for _ in range(6)]


class Probe:
    def __init__(self, net):
        self.net = net
        self.state = None

    def __call__(self, x, y):
        self.state = types.SimpleNamespace()
        self.state.scaler = torch.amp.GradScaler("cpu")
        out = self.net(x)
        return float(nn.functional.mse_loss(out, y))


def main():
    probe = Probe(nn.Linear(8, 1))
    for x, y in loader:
        probe(x, y)


if __name__ == "__main__":
    main()
