import copy

import torch
import torch.nn as nn


class Learner:
    def __init__(self, network: nn.Module, data, device: str = "cpu"):
        moved = network.to(torch.device(device))
        self.network = moved
        self.data = data
        self.adam = torch.optim.Adam(network.parameters(), lr=1e-3)

    def one_pass(self) -> None:
        self.network.train()
        for x, y in self.data:
            self.adam.zero_grad(set_to_none=True)
            nn.functional.cross_entropy(self.network(x), y).backward()
            self.adam.step()

    def score(self) -> float:
        self.network.eval()
        with torch.no_grad():
            return sum((self.network(x).argmax(1) == y).float().mean().item() for x, y in self.data)


class Shadow:
    """Evaluates a moved copy of the module, never the trained one."""

    def __init__(self, encoder: nn.Module, data):
        self.encoder = encoder
        self.shadow = copy.deepcopy(encoder).to(torch.float32)
        self.data = data
        self.sgd = torch.optim.SGD(encoder.parameters(), lr=0.1)

    def one_pass(self) -> None:
        for x, y in self.data:
            self.sgd.zero_grad(set_to_none=True)
            nn.functional.cross_entropy(self.encoder(x), y).backward()
            self.sgd.step()

    def score(self) -> float:
        self.shadow.load_state_dict(self.encoder.state_dict())
        self.shadow.eval()
        with torch.no_grad():
            return sum(nn.functional.cross_entropy(self.shadow(x), y).item() for x, y in self.data)


def fit(model: nn.Module, data, rounds: int = 5) -> None:
    learner = Learner(model, data)
    r = 0
    while r < rounds:
        learner.one_pass()
        print(r, learner.score())
        r += 1


def tag(encoder: nn.Module, data) -> None:
    shadow = Shadow(encoder, data)
    for epoch in range(4):
        shadow.one_pass()
        shadow.score()
