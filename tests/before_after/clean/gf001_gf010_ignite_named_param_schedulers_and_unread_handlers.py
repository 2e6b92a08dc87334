import torch
from ignite.engine import Engine, Events
from ignite.handlers import CosineAnnealingScheduler, LRScheduler

net = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 2))
sgd = torch.optim.SGD(net.parameters(), lr=0.1)


def train_batch(engine, batch):
    x, y = batch
    sgd.zero_grad(set_to_none=True)
    loss = torch.nn.functional.cross_entropy(net(x), y)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(net.parameters(), 2.0)
    sgd.step()
    return loss.item()


trainer = Engine(train_batch)
cosine = CosineAnnealingScheduler(sgd, "lr", start_value=0.1, end_value=0.001, cycle_size=500)
trainer.add_event_handler(Events.ITERATION_STARTED, cosine)
wrapped = LRScheduler(torch.optim.lr_scheduler.ExponentialLR(sgd, gamma=0.99))
trainer.add_event_handler(Events.ITERATION_COMPLETED, wrapped)


class ClearBefore:
    def __init__(self, optimizer):
        self.optimizer = optimizer

    def __call__(self, engine):
        self.optimizer.zero_grad(set_to_none=True)


other = torch.nn.Linear(8, 2)
adamw = torch.optim.AdamW(other.parameters(), lr=1e-3)


def other_batch(engine, batch):
    x, y = batch
    torch.nn.functional.cross_entropy(other(x), y).backward()
    adamw.step()


other_trainer = Engine(other_batch)
clearer = ClearBefore(adamw)
other_trainer.add_event_handler(Events.ITERATION_STARTED, clearer)
