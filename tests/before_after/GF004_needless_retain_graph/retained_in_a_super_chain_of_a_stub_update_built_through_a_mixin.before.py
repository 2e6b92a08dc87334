import torch
import torch.nn.functional as F
from torch import nn


class Base:
    """A loop that leaves the batch step to its subclasses."""

    def __init__(self, model, data):
        self.model = model
        self.data = data
        self.optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

    def update(self, inputs, targets):
        raise NotImplementedError

    def train(self, steps):
        n = 0
        while n < steps:
            inputs, targets = self.data[n % len(self.data)]
            self.update(inputs, targets)
            n += 1


class Classifier(Base):
    def update(self, inputs, targets):
        self.optimizer.zero_grad()
        out = F.cross_entropy(self.model(inputs), targets)
        out.backward(retain_graph=True)
        self.optimizer.step()
        return out.detach()


class TimedClassifier(Classifier):
    def update(self, inputs, targets):
        return super().update(inputs, targets)


class PrintingMixin:
    def report(self):
        print(len(self.data))


class App(PrintingMixin, TimedClassifier):
    pass


app = App(nn.Linear(5, 3), [(torch.randn(6, 5), torch.randint(0, 3, (6,))) for _ in range(4)])
app.train(8)
app.report()
