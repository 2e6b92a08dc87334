import torch
import torch.nn as nn


class Learner:
    def __init__(self, network: nn.Module, data, device: str = "cpu"):
        dev = torch.device(device)
        moved = network.to(dev)
        self.network = moved
        self.data = data
        self.adam = torch.optim.Adam(network.parameters(), lr=1e-3)

    def one_pass(self) -> None:
        for x, y in self.data:
            self.adam.zero_grad(set_to_none=True)
            nn.functional.cross_entropy(self.network(x), y).backward()
            self.adam.step()

    def score(self) -> float:
        self.network.eval()
        with torch.no_grad():
            return sum((self.network(x).argmax(1) == y).float().mean().item() for x, y in self.data)


class Tagger:
    def __init__(self, encoder: nn.Module, data):
        self.encoder = encoder.cuda()
        self.data = data
        self.sgd = torch.optim.SGD(encoder.parameters(), lr=0.1, momentum=0.9)

    def one_pass(self) -> None:
        for x, y in self.data:
            self.sgd.zero_grad(set_to_none=True)
            nn.functional.cross_entropy(self.encoder(x), y).backward()
            self.sgd.step()

    def score(self) -> float:
        self.encoder.eval()
        with torch.no_grad():
            return sum(nn.functional.cross_entropy(self.encoder(x), y).item() for x, y in self.data)


def fit(model: nn.Module, data, rounds: int = 5) -> None:
    learner = Learner(model, data)
    r = 0
    while r < rounds:
        learner.one_pass()
        print(r, learner.score())
        model.train()
        r += 1


def tag(encoder: nn.Module, data) -> None:
    tagger = Tagger(encoder, data)
    for epoch in range(4):
        tagger.one_pass()
        tagger.score()
        encoder.train()
