import torch
from torch import nn


def train(net, batches, epochs):
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    sched = torch.optim.lr_scheduler.MultiStepLR(opt, milestones=[epochs * 2 // 5, 4 * epochs // 5], gamma=0.1)
    for epoch in range(epochs):
        for x, y in batches:
            opt.zero_grad()
            nn.functional.mse_loss(net(x), y).backward()
            opt.step()
        sched.step()


def train_steps(net, batches, epochs):
    # a product larger than the divisor may count batches: not read as epochs
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=epochs * 6 // 4)
    for epoch in range(epochs):
        for x, y in batches:
            opt.zero_grad()
            nn.functional.mse_loss(net(x), y).backward()
            opt.step()
            sched.step()
