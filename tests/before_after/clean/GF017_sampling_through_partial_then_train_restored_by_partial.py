# Near misses of a sampling block bound with `functools.partial`: a bound `model.train` called
# after the sampling switches the model back; a trainer whose optimizer, built into a local of
# `__init__`, trains only the head while the backbone is kept in eval mode on purpose.
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
