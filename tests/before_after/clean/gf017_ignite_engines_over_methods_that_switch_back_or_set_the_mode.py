import torch
import torch.nn.functional as F
from ignite.engine import Engine, Events


class SwitchesBack:
    def __init__(self, net, loader, val_loader):
        self.net = net
        self.loader = loader
        self.val_loader = val_loader
        self.sgd = torch.optim.SGD(net.parameters(), lr=0.05)

    def update(self, engine, batch):
        x, y = batch
        self.sgd.zero_grad(set_to_none=True)
        F.cross_entropy(self.net(x), y).backward()
        self.sgd.step()

    def fit(self, epochs):
        trainer = Engine(self.update)

        @trainer.on(Events.EPOCH_COMPLETED)
        def check(engine):
            self.net.eval()
            with torch.no_grad():
                for x, _ in self.val_loader:
                    self.net(x)
            self.net.train()

        trainer.run(self.loader, max_epochs=epochs)


class StepSetsTheMode:
    def __init__(self, net, loader, val_loader):
        self.net = net
        self.loader = loader
        self.val_loader = val_loader
        self.sgd = torch.optim.SGD(net.parameters(), lr=0.05)

    def update(self, engine, batch):
        self.net.train()
        x, y = batch
        self.sgd.zero_grad(set_to_none=True)
        F.cross_entropy(self.net(x), y).backward()
        self.sgd.step()

    def fit(self, epochs):
        trainer = Engine(self.update)

        @trainer.on(Events.EPOCH_COMPLETED)
        def check(engine):
            self.net.eval()

        trainer.run(self.loader, max_epochs=epochs)


class OneEpoch:
    def __init__(self, net, loader):
        self.net = net
        self.loader = loader
        self.sgd = torch.optim.SGD(net.parameters(), lr=0.05)

    def update(self, engine, batch):
        x, y = batch
        self.sgd.zero_grad(set_to_none=True)
        F.cross_entropy(self.net(x), y).backward()
        self.sgd.step()

    def fit(self):
        trainer = Engine(self.update)

        @trainer.on(Events.EPOCH_COMPLETED)
        def done(engine):
            self.net.eval()

        trainer.run(self.loader)
