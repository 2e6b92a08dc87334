import torch
import torch.nn as nn
import torch.nn.functional as F
from ignite.engine import Engine, Events

net = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.2), nn.Linear(8, 1))
opt = torch.optim.Adam(net.parameters())


def train_step(engine, batch):
    opt.zero_grad()
    x, y = batch
    loss = F.mse_loss(net(x), y)
    loss.backward()
    opt.step()
    return loss.item()


def eval_step(engine, batch):
    x, y = batch
    with torch.no_grad():
        return F.mse_loss(net(x), y).item()


trainer = Engine(train_step)
evaluator = Engine(eval_step)


@evaluator.on(Events.EPOCH_STARTED)
def to_eval(engine):
    net.eval()


@evaluator.on(Events.EPOCH_COMPLETED)
def to_train(engine):
    net.train()


@trainer.on(Events.EPOCH_COMPLETED)
def validate(engine):
    evaluator.run(val_loader)


trainer.run(train_loader, max_epochs=8)
