import torch
import torch.nn.functional as F
from ignite.engine import Engine, Events, create_supervised_evaluator


class SegmentationTrainer:
    def __init__(self, network, train_batches, val_batches):
        self.network = network
        self.train_batches = train_batches
        self.val_batches = val_batches
        self.adam = torch.optim.Adam(network.parameters(), lr=3e-4)

    def process(self, engine, batch):
        images, masks = batch
        self.adam.zero_grad(set_to_none=True)
        loss = F.binary_cross_entropy_with_logits(self.network(images), masks)
        loss.backward()
        self.adam.step()
        return loss.item()

    def train(self, epochs):
        engine = Engine(self.process)
        scorer = create_supervised_evaluator(self.network)

        @engine.on(Events.EPOCH_COMPLETED)
        def score(_):
            scorer.run(self.val_batches)
            self.network.train()

        engine.run(self.train_batches, max_epochs=epochs)


class ClassifierTrainer:
    def __init__(self, net, loader, val_loader):
        self.net = net
        self.loader = loader
        self.val_loader = val_loader
        self.sgd = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)

    def update(self, engine, batch):
        x, y = batch
        self.sgd.zero_grad(set_to_none=True)
        F.cross_entropy(self.net(x), y).backward()
        self.sgd.step()

    def run(self, n_epochs):
        trainer = Engine(self.update)

        def check(engine):
            self.net.eval()
            with torch.no_grad():
                hits = sum((self.net(x).argmax(1) == y).sum().item() for x, y in self.val_loader)
            print(engine.state.epoch, hits)
            self.net.train()

        trainer.add_event_handler(Events.EPOCH_COMPLETED, check)
        trainer.run(self.loader, max_epochs=n_epochs)
