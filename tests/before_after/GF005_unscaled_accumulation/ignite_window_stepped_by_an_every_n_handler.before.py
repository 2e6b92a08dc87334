import torch
from ignite.engine import Engine, Events

net = torch.nn.Linear(3, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.1)


def forward_backward(engine, batch):
    inputs, targets = batch
    loss = torch.nn.functional.mse_loss(net(inputs), targets)
    loss.backward()
    return loss.item()


engine_loop = Engine(forward_backward)


@engine_loop.on(Events.ITERATION_COMPLETED(every=4))
def apply_window(engine):
    opt.step()
    opt.zero_grad()
