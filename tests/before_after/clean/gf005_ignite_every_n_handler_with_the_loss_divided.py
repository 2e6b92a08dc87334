import torch
from ignite.engine import Engine, Events

ACCUM = 4
net = torch.nn.Linear(3, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.1)


def forward_backward(engine, batch):
    inputs, targets = batch
    loss = torch.nn.functional.mse_loss(net(inputs), targets) / ACCUM
    loss.backward()
    return loss.item()


engine_loop = Engine(forward_backward)


@engine_loop.on(Events.ITERATION_COMPLETED(every=ACCUM))
def apply_window(engine):
    opt.step()
    opt.zero_grad()
