import math

import torch
from ignite.engine import Engine, Events

model = torch.nn.Linear(6, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
norms = []


def update(engine, batch):
    x, y = batch
    optimizer.zero_grad()
    loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    optimizer.step()
    return loss.item()


trainer = Engine(update)


@trainer.on(Events.ITERATION_COMPLETED)
def log_norm(engine):
    norms.append(float(torch.nn.utils.clip_grad_norm_(model.parameters(), math.inf)))
