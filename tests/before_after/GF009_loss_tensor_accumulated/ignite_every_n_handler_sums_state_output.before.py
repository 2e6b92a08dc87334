import torch
import torch.nn.functional as F
from ignite.engine import Engine, Events

net = torch.nn.Linear(8, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.01)
window_loss = 0.0


def update(engine, batch):
    opt.zero_grad(set_to_none=True)
    inputs, targets = batch
    mse = F.mse_loss(net(inputs), targets)
    mse.backward()
    opt.step()
    return mse


trainer = Engine(update)


def accumulate(engine):
    global window_loss
    window_loss += engine.state.output


trainer.add_event_handler(Events.ITERATION_COMPLETED(every=10), accumulate)
