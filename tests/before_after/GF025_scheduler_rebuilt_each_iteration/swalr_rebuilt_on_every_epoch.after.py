import torch
from torch import nn
from torch.optim.swa_utils import SWALR, AveragedModel


def fit(net, batches, epochs=6):
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    averaged = AveragedModel(net)
    annealing = SWALR(opt, swa_lr=0.005, anneal_epochs=4)
    for epoch in range(epochs):
        for inputs, targets in batches:
            opt.zero_grad()
            nn.functional.l1_loss(net(inputs), targets).backward()
            opt.step()
        averaged.update_parameters(net)
        annealing.step()
    return averaged


def fit_until(net, batches, limit):
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    epoch = 0
    anneal = torch.optim.swa_utils.SWALR(opt, 1e-4)
    while epoch < limit:
        for inputs, targets in batches:
            opt.zero_grad()
            nn.functional.mse_loss(net(inputs), targets).backward()
            opt.step()
        anneal.step()
        epoch += 1
