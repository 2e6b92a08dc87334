import torch
from ignite.engine import Engine, Events

net = torch.nn.Linear(3, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
seen = []


def update(engine, batch):
    inputs, targets = batch
    opt.zero_grad()
    loss = torch.nn.functional.mse_loss(net(inputs), targets)
    loss.backward()
    opt.step()
    return loss.item()


trainer = Engine(update)


@trainer.on(Events.ITERATION_COMPLETED(every=10))
def log(engine):
    seen.append((engine.state.iteration, engine.state.output))
