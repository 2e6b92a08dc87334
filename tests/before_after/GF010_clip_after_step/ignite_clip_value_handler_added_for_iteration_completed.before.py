from ignite.engine import Engine, Events
from torch import nn, optim
from torch.nn.utils import clip_grad_value_

net = nn.Sequential(nn.Linear(12, 12), nn.ReLU(), nn.Linear(12, 3))
sgd = optim.SGD(net.parameters(), lr=0.01, momentum=0.9)


def update(engine, batch):
    net.train()
    x, y = batch
    sgd.zero_grad()
    loss = nn.functional.cross_entropy(net(x), y)
    loss.backward()
    sgd.step()
    return {"loss": loss.item()}


def after_update(engine):
    engine.state.metrics["seen"] = engine.state.iteration
    clip_grad_value_(net.parameters(), 0.5)


trainer = Engine(update)
trainer.add_event_handler(Events.ITERATION_COMPLETED, after_update)
