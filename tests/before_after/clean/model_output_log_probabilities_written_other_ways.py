import torch
from torch import nn


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(32, 5)

    def forward(self, x):
        x = self.proj(x)
        x = torch.log_softmax(x, dim=-1)
        return x


class Scorer(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(32, 8), nn.ReLU(), nn.Linear(8, 1), nn.Sigmoid())

    def forward(self, x):
        return self.model(x)


def train(loader, epochs: int = 3):
    tagger, scorer = Tagger(), Scorer()
    optimizer = torch.optim.SGD([*tagger.parameters(), *scorer.parameters()], lr=0.1)
    nll, bce = nn.NLLLoss(), nn.BCELoss()
    for epoch in range(epochs):
        for x, tags, target in loader:
            optimizer.zero_grad()
            loss = nll(tagger(x), tags) + bce(scorer(x).squeeze(1), target)
            loss.backward()
            optimizer.step()
