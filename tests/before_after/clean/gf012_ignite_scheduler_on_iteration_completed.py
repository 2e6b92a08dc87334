import torch
from ignite.engine import Engine, Events

net = torch.nn.Linear(3, 1)
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
sched = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.95)


def train_batch(engine, batch):
    inputs, targets = batch
    opt.zero_grad()
    loss = torch.nn.functional.l1_loss(net(inputs), targets)
    loss.backward()
    opt.step()
    return loss.item()


engine_loop = Engine(train_batch)


@engine_loop.on(Events.ITERATION_COMPLETED)
def advance_lr(engine):
    sched.step()


@engine_loop.on(Events.ITERATION_STARTED)
def warm_up(engine):
    for group in opt.param_groups:
        group["lr"] = 1e-3 * min(1.0, engine.state.iteration / 100)
