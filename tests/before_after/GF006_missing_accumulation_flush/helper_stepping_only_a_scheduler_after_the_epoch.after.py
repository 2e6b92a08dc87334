import torch
from torch import nn


def run_epoch(net, batches, opt, accum_steps=4):
    net.train()
    k = -1  # the flush after the loop reads it, also when the loop runs no batch
    for k, (inputs, labels) in enumerate(batches):
        (nn.functional.cross_entropy(net(inputs), labels) / accum_steps).backward()
        if (k + 1) % accum_steps == 0:
            opt.step()
            opt.zero_grad()

    # the last micro-batches did not fill a whole window: step on them too
    if (k + 1) % accum_steps != 0:
        opt.step()
        opt.zero_grad()


def lr_on_plateau_step(sched, metric):
    # a learning-rate step only: the optimizer's leftover gradients stay where they are
    sched.step(metric)


def fit(net, batches, epochs=5):
    opt = torch.optim.AdamW(net.parameters(), lr=3e-4)
    sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt)
    for _ in range(epochs):
        run_epoch(net, batches, opt)
        lr_on_plateau_step(sched, 0.5)
