import torch
from torch import nn
from torch.optim.swa_utils import SWALR, AveragedModel


def fit(net, batches, epochs=6):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    averaged = AveragedModel(net)
    annealing = SWALR(opt, swa_lr=0.005, anneal_epochs=4)
    for epoch in range(epochs):
        for inputs, targets in batches:
            opt.zero_grad()
            nn.functional.l1_loss(net(inputs), targets).backward()
            opt.step()
        averaged.update_parameters(net)
        annealing.step()


def fit_constant_swa_rate(net, batches, epochs=6):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for epoch in range(epochs):
        # one annealing step: every new scheduler sets swa_lr at once, as one built once would
        swa = SWALR(opt, swa_lr=0.01, anneal_epochs=1)
        for inputs, targets in batches:
            opt.zero_grad()
            nn.functional.l1_loss(net(inputs), targets).backward()
            opt.step()
        swa.step()


def fit_configured(net, batches, cfg):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for epoch in range(cfg.epochs):
        swa = SWALR(opt, swa_lr=cfg.swa_lr, anneal_epochs=cfg.anneal)
        for inputs, targets in batches:
            opt.zero_grad()
            nn.functional.l1_loss(net(inputs), targets).backward()
            opt.step()
        swa.step()
