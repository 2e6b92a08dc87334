import torch
import torch.nn.functional as F
from torch import nn


class Session:
    """The optimizer owns the encoder's parameters only (the classifier is frozen): clearing
    the encoder clears all it steps."""

    @classmethod
    def start(cls, encoder):
        cls.encoder = encoder
        cls.classifier = nn.Linear(16, 4).requires_grad_(False)
        cls.adam = torch.optim.Adam(cls.encoder.parameters(), lr=1e-3)

    @classmethod
    def train_on(cls, x, y):
        cls.encoder.zero_grad()
        loss = F.cross_entropy(cls.classifier(cls.encoder(x)), y)
        loss.backward()
        cls.adam.step()


class Both:
    """Two groups, cleared by the optimizer itself."""

    @classmethod
    def start(cls, encoder):
        cls.encoder = encoder
        cls.classifier = nn.Linear(16, 4)
        cls.sgd = torch.optim.SGD([{"params": encoder.parameters()}, {"params": cls.classifier.parameters()}], lr=0.1)

    @classmethod
    def train_on(cls, x, y):
        cls.sgd.zero_grad()
        F.cross_entropy(cls.classifier(cls.encoder(x)), y).backward()
        cls.sgd.step()


def run(encoder, loader, epochs):
    Session.start(encoder)
    Both.start(encoder)
    for epoch in range(epochs):
        for x, y in loader:
            Session.train_on(x, y)
            Both.train_on(x, y)
