"""Correct: `OneCycleLR(..., epochs=N_EPOCHS, steps_per_epoch=1)` (a name bound once to 1) makes a
cycle of one step per epoch, and `step()` runs once per epoch; the same scheduler with
`steps_per_epoch=12` stepped after every optimizer step is consistent too."""
import torch
import torch.nn.functional as F
from torch import nn

N_EPOCHS = 5
PER_EPOCH = 1


def fit(network, loader):
    adam = torch.optim.Adam(network.parameters())
    cycle = torch.optim.lr_scheduler.OneCycleLR(adam, max_lr=3e-3, epochs=N_EPOCHS, steps_per_epoch=PER_EPOCH)
    for _ in range(N_EPOCHS):
        for inputs, labels in loader:
            adam.zero_grad()
            F.cross_entropy(network(inputs), labels).backward()
            adam.step()
        cycle.step()


def fit_per_batch(network, loader):
    sgd = torch.optim.SGD(network.parameters(), lr=0.1)
    cycle = torch.optim.lr_scheduler.OneCycleLR(sgd, max_lr=0.5, epochs=N_EPOCHS, steps_per_epoch=12)
    for _ in range(N_EPOCHS):
        for inputs, labels in loader:
            sgd.zero_grad()
            F.cross_entropy(network(inputs), labels).backward()
            sgd.step()
            cycle.step()
