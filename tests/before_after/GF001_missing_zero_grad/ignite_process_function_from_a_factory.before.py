# Ignite's `Engine` is handed the process function a factory of the file defines and returns
# (the shape of ignite's own `create_supervised_trainer`): it runs once per batch, steps, and
# never clears.
import torch
from ignite.engine import Engine
from torch import nn


def make_update(model, optimizer, criterion):
    def _update(engine, batch):
        model.train()
        x, y = batch
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        return loss.item()

    return _update


net = nn.Linear(16, 4)
trainer = Engine(make_update(net, torch.optim.SGD(net.parameters(), lr=0.01), nn.CrossEntropyLoss()))
trainer.run([], max_epochs=3)
