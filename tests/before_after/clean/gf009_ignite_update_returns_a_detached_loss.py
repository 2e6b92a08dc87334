import torch
import torch.nn.functional as F
from ignite.engine import Engine, Events

net = torch.nn.Linear(8, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.01)
history = []


def update(engine, batch):
    opt.zero_grad(set_to_none=True)
    inputs, targets = batch
    mse = F.mse_loss(net(inputs), targets)
    mse.backward()
    opt.step()
    mse = mse.detach()
    return mse


trainer = Engine(update)


@trainer.on(Events.ITERATION_COMPLETED(every=10))
def keep(engine):
    history.append(engine.state.output)
    recent = []
    recent.append(engine.state.output)
