# All state on the class, scored in eval mode by class methods called through `cls`, and
# switched back each time: at the start of each round (`Experiment`), or by the scoring class
# method itself (`Probe`); a class method evaluating a module it builds itself (`Frozen`).
import torch
from torch import nn


class Experiment:
    net = None
    optimizer = None

    @classmethod
    def configure(cls, width):
        cls.net = nn.Sequential(nn.Linear(6, width), nn.ReLU(), nn.Dropout(0.2), nn.Linear(width, 2))
        cls.optimizer = torch.optim.SGD(cls.net.parameters(), lr=0.05, momentum=0.9)

    @classmethod
    def update(cls, features, targets):
        cls.optimizer.zero_grad()
        loss = nn.functional.cross_entropy(cls.net(features), targets)
        loss.backward()
        cls.optimizer.step()

    @classmethod
    def score(cls, batches):
        cls.net.eval()
        with torch.no_grad():
            return sum(int((cls.net(f).argmax(1) == t).sum()) for f, t in batches)

    @classmethod
    def run(cls, batches, rounds):
        cls.configure(32)
        done = 0
        while done < rounds:
            cls.net.train()
            for features, targets in batches:
                cls.update(features, targets)
            print(done, cls.score(batches))
            done += 1


class Probe:
    model = None
    opt = None

    @classmethod
    def score(cls, batches):
        cls.model.eval()
        with torch.no_grad():
            hits = sum(int((cls.model(f).argmax(1) == t).sum()) for f, t in batches)
        cls.model.train()
        return hits

    @classmethod
    def fit(cls, model, batches, epochs):
        cls.model = model
        cls.opt = torch.optim.Adam(cls.model.parameters(), lr=1e-3)
        for epoch in range(epochs):
            for features, targets in batches:
                cls.opt.zero_grad()
                nn.functional.cross_entropy(cls.model(features), targets).backward()
                cls.opt.step()
            print(epoch, cls.score(batches))


class Frozen:
    @classmethod
    def reference(cls, batches):
        teacher = nn.Sequential(nn.Linear(6, 8), nn.Dropout(0.1), nn.Linear(8, 2))
        teacher.eval()
        with torch.no_grad():
            return [teacher(f) for f, _ in batches]

    @classmethod
    def fit(cls, model, batches, epochs):
        opt = torch.optim.Adam(model.parameters(), lr=1e-3)
        model.train()
        for epoch in range(epochs):
            for features, targets in batches:
                opt.zero_grad()
                nn.functional.cross_entropy(model(features), targets).backward()
                opt.step()
            print(len(cls.reference(batches)))
