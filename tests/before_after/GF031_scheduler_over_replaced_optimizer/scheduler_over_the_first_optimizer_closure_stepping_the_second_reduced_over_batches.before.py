import functools

import torch
from torch import nn


def finetune(net, batches, n_epochs):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    decay = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2, gamma=0.5)
    optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)

    def one_batch(seen, batch):
        inputs, targets = batch
        optimizer.zero_grad(set_to_none=True)
        nn.functional.mse_loss(net(inputs), targets).backward()
        optimizer.step()
        return seen + 1

    for _ in range(n_epochs):
        last = functools.reduce(one_batch, batches, 0) - 1
        decay.step()
