import torch
import torch.nn as nn


class Recipe:
    @classmethod
    def prepare(cls, model):
        cls.model = model
        cls.criterion = nn.CrossEntropyLoss()
        cls.opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    @classmethod
    def step(cls, x, y):
        cls.opt.zero_grad()
        probs = cls.model(x).softmax(dim=-1)
        loss = cls.criterion(probs, y)
        loss.backward()
        cls.opt.step()


def main(model, loader):
    Recipe.prepare(model)
    for epoch in range(5):
        for x, y in loader:
            Recipe.step(x, y)
