# All state on the class: `cls.net` trained by one class method, scored in eval mode by another
# one `cls.score()` calls after each epoch of a `while` loop; nothing switches `cls.net` back.
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
        return loss.item()

    @classmethod
    def score(cls, batches):
        cls.net.eval()
        hits = 0
        with torch.no_grad():
            for features, targets in batches:
                hits += int((cls.net(features).argmax(1) == targets).sum())
        return hits

    @classmethod
    def run(cls, batches, rounds):
        cls.configure(32)
        done = 0
        while done < rounds:
            for features, targets in batches:
                cls.update(features, targets)
            print(done, cls.score(batches))
            cls.net.train()
            done += 1
