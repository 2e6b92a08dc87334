import torch
import torch.nn.functional as F
from ignite.engine import Engine, Events

STEPS = 3
net = torch.nn.Linear(5, 1)
opt = torch.optim.Adam(net.parameters(), lr=1e-3)


def divided(engine, batch):
    x, y = batch
    loss = F.mse_loss(net(x), y) / STEPS
    loss.backward()
    return loss.item()


first = Engine(divided)


@first.on(Events.ITERATION_COMPLETED(event_filter=lambda engine, it: it % STEPS == 0))
def step_first(engine):
    opt.step()
    opt.zero_grad()


def full_step(engine, batch):
    x, y = batch
    opt.zero_grad(set_to_none=True)
    loss = F.mse_loss(net(x), y)
    loss.backward()
    opt.step()
    return loss.item()


second = Engine(full_step)


def every_tenth(engine, it):
    return it % 10 == 0


@second.on(Events.ITERATION_COMPLETED(event_filter=every_tenth))
def log_second(engine):
    print(engine.state.iteration, engine.state.output)
