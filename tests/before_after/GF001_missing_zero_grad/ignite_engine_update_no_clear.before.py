import torch
from ignite.engine import Engine


def make_trainer(model, optimizer, criterion):
    def train_step(engine, batch):
        model.train()
        x, y = batch
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        return loss.item()

    return Engine(train_step)
