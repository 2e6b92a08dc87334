import torch
from ignite.engine import Engine, Events
from ignite.handlers.param_scheduler import LRScheduler

encoder = torch.nn.Linear(6, 6)
head = torch.nn.Linear(6, 1)
enc_opt = torch.optim.SGD(encoder.parameters(), lr=0.01)
head_opt = torch.optim.Adam(head.parameters(), lr=1e-3)
head_sched = torch.optim.lr_scheduler.StepLR(head_opt, step_size=10)


def update(engine, batch):
    x, y = batch
    enc_opt.zero_grad()
    loss = torch.nn.functional.mse_loss(head(encoder(x)), y)
    loss.backward()
    enc_opt.step()
    return loss.item()


trainer = Engine(update)
trainer.add_event_handler(Events.ITERATION_STARTED, LRScheduler(torch.optim.lr_scheduler.StepLR(enc_opt, step_size=10)))


@trainer.on(Events.ITERATION_STARTED)
def step_head_schedule(engine):
    head_sched.step()
