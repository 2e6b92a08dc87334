import copy

import torch
import torch.nn.functional as F
from torch import nn
from ignite.engine import Engine, Events, create_supervised_evaluator


class Stepper:
    def __init__(self, model, lr):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=lr)

    def step(self, engine, batch):
        x, y = batch
        self.opt.zero_grad(set_to_none=True)
        loss = F.cross_entropy(self.model(x), y)
        loss.backward()
        self.opt.step()
        return loss.item()


net = nn.Sequential(nn.Linear(6, 16), nn.Dropout(0.3), nn.Linear(16, 3))
stepper = Stepper(net, 0.1)
trainer = Engine(stepper.step)
evaluator = create_supervised_evaluator(net)


@trainer.on(Events.EPOCH_COMPLETED)
def validate(engine):
    evaluator.run(val_batches)
    net.train()


class Updater:
    def __init__(self, network):
        self.network = network
        self.adam = torch.optim.Adam(network.parameters(), lr=1e-3)

    def update(self, engine, batch):
        inputs, targets = batch
        self.adam.zero_grad(set_to_none=True)
        loss = F.mse_loss(self.network(inputs), targets)
        loss.backward()
        self.adam.step()


encoder = nn.Sequential(nn.Linear(8, 32), nn.BatchNorm1d(32), nn.ReLU(), nn.Linear(32, 1))
shadow = copy.deepcopy(encoder)
updater = Updater(encoder)
engine = Engine(updater.update)


def measure(engine):
    shadow.load_state_dict(encoder.state_dict())
    shadow.eval()
    with torch.no_grad():
        print(sum(shadow(x).mean().item() for x, _ in held_out))


engine.add_event_handler(Events.EPOCH_COMPLETED, measure)
trainer.run(train_batches, max_epochs=5)
engine.run(batches, max_epochs=10)
