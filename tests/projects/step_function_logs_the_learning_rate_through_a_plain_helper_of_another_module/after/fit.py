# The step function and the loop read the learning rate through helpers of lr_logging.py, which
# never clear: the gradients pile up across batches in both.
import torch
from torch import nn

import lr_logging
from lr_logging import report_lr


def fit_batch(net, optimizer, inputs, labels):
    optimizer.zero_grad(set_to_none=True)
    report_lr(optimizer)
    nn.functional.cross_entropy(net(inputs), labels).backward()
    optimizer.step()


def run(net, loader, epochs):
    optimizer = torch.optim.Adam(net.parameters(), lr=3e-4)
    for _ in range(epochs):
        for inputs, labels in loader:
            fit_batch(net, optimizer, inputs, labels)


def run_plain(net, loader):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.05)
    step = 0
    while step < 100:
        for inputs, labels in loader:
            optimizer.zero_grad(set_to_none=True)
            lr_logging.remember_lr(optimizer)
            nn.functional.mse_loss(net(inputs), labels).backward()
            optimizer.step()
            step += 1
