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


trainer = Engine(train_step)


@trainer.on(Events.EPOCH_COMPLETED)
def log_probe(engine):
    net.eval()
    with torch.no_grad():
        print(net(torch.randn(2, 4)).sum().item())


@trainer.on(Events.EPOCH_STARTED)
def back(engine):
    net.train()


trainer.run(loader, max_epochs=5)
