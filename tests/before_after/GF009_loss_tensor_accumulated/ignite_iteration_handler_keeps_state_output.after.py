import torch
from ignite.engine import Engine, Events
from torch import nn

model = nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, 2))
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
criterion = nn.CrossEntropyLoss()
train_losses = []


def train_step(engine, batch):
    model.train()
    optimizer.zero_grad(set_to_none=True)
    x, y = batch
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
    return loss


trainer = Engine(train_step)


@trainer.on(Events.ITERATION_COMPLETED)
def record(engine):
    train_losses.append(engine.state.output.detach())


@trainer.on(Events.EPOCH_COMPLETED)
def summary(engine):
    print(f"epoch {engine.state.epoch}: {torch.stack(train_losses).mean():.4f}")
    train_losses.clear()
