import torch
from ignite.engine import Engine, Events

net = torch.nn.Linear(8, 1)
sgd = torch.optim.SGD(net.parameters(), lr=0.01)


def update(engine, batch):
    sgd.zero_grad()
    x, y = batch
    torch.nn.functional.mse_loss(net(x), y).backward()
    sgd.step()
    return 0.0


trainer = Engine(update)


@trainer.on(Events.ITERATION_COMPLETED(every=3))
def clip_now_and_then(engine):
    torch.nn.utils.clip_grad_norm_(net.parameters(), max_norm=1.0)
