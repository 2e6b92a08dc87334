import torch
import torch.nn.functional as F


def make_step(net):
    """`step` builds a new StepLR on every call (`nonlocal sched`); the loop of `train` gets it
    back through a tuple and calls it on every batch."""
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    sched = None

    def step(x, y):
        nonlocal sched
        sched = torch.optim.lr_scheduler.StepLR(opt, step_size=5, gamma=0.5)
        opt.zero_grad()
        F.mse_loss(net(x), y).backward()
        opt.step()
        sched.step()

    def last_lr():
        return sched.get_last_lr() if sched is not None else None

    return step, last_lr


def train(net, batches, epochs):
    run_batch, last_lr = make_step(net)
    for epoch in range(epochs):
        for x, y in batches:
            run_batch(x, y)
        print(epoch, last_lr())
