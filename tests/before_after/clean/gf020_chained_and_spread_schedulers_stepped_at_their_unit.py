# Schedulers whose horizons come from a spread dict or a `ChainedScheduler` stepped at the level
# their horizons count: the cosine over epochs steps once per epoch; a chain whose cosine counts
# batches steps every batch; a chain mixing a batch count and an epoch count says nothing
# clear; a spread dict that is changed after it is written (`SCHED.update(...)`) is not read.
import torch
from torch.optim import lr_scheduler

EPOCHS = 10
SCHED = {"T_max": EPOCHS}
SCHED.update(T_max=1000)


def fit(net, loader):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    per_epoch = lr_scheduler.CosineAnnealingLR(opt, **{"T_max": EPOCHS})
    for epoch in range(EPOCHS):
        for x, y in loader:
            opt.zero_grad()
            torch.nn.functional.cross_entropy(net(x), y).backward()
            opt.step()
        per_epoch.step()


def fit_chain_batches(net, loader):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    chain = lr_scheduler.ChainedScheduler(
        [lr_scheduler.ConstantLR(opt, total_iters=50), lr_scheduler.CosineAnnealingLR(opt, T_max=EPOCHS * len(loader))]
    )
    for epoch in range(EPOCHS):
        for x, y in loader:
            opt.zero_grad()
            torch.nn.functional.cross_entropy(net(x), y).backward()
            opt.step()
            chain.step()


def fit_chain_mixed(net, loader):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    chain = lr_scheduler.ChainedScheduler(
        [lr_scheduler.LinearLR(opt, total_iters=len(loader)), lr_scheduler.CosineAnnealingLR(opt, T_max=EPOCHS)]
    )
    for epoch in range(EPOCHS):
        for x, y in loader:
            opt.zero_grad()
            torch.nn.functional.cross_entropy(net(x), y).backward()
            opt.step()
            chain.step()


def fit_changed(net, loader):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    sched = lr_scheduler.CosineAnnealingLR(opt, **SCHED)
    for epoch in range(EPOCHS):
        for x, y in loader:
            opt.zero_grad()
            torch.nn.functional.cross_entropy(net(x), y).backward()
            opt.step()
            sched.step()
