# Near misses of a sampling block bound with `functools.partial`: a bound `model.train` called
# after the sampling switches the model back; a trainer whose optimizer, built into a local of
# `__init__`, trains only the head while the backbone is kept in eval mode on purpose; a bound
# `self.model.train` stored on the object and called after the sampling.
from functools import partial

import torch


def train(model, batches, steps, show_every=100):
    opt = torch.optim.Adam(model.parameters(), lr=3e-4)
    back_to_training = partial(model.train, True)
    model.train()
    for step in range(steps):
        loss = model(next(batches))
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % show_every == 0:
            model.eval()
            generate = partial(model.generate, length=16)
            with torch.no_grad():
                print(generate(temperature=0.8))
            back_to_training()


class HeadTuner:
    def __init__(self, backbone, head, loader, epochs):
        self.backbone = backbone
        self.head = head
        optimizer = torch.optim.SGD(head.parameters(), lr=0.01)
        self.optimizer = optimizer
        self.loader = loader
        self.epochs = epochs

    def fit(self):
        for epoch in range(self.epochs):
            self.backbone.eval()
            for x, y in self.loader:
                with torch.no_grad():
                    features = self.backbone(x)
                loss = torch.nn.functional.cross_entropy(self.head(features), y)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()


class Looper:
    """The switch back bound on the object (`self.resume = partial(self.model.train, True)`)."""

    def __init__(self, model, batches, steps):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=3e-4)
        self.resume = partial(self.model.train, True)
        self.batches = batches
        self.steps = steps

    def run(self):
        for step in range(self.steps):
            loss = self.model(next(self.batches))
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            if step % 10 == 0:
                self.model.eval()
                sample = partial(self.model.generate, length=16)
                with torch.no_grad():
                    print(sample())
                self.resume()
