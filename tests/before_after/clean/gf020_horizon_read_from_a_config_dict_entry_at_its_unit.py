# Horizons read from dicts of the file by subscript, stepped at the level they count:
# `cfg["t_max"]` (epochs) steps once per epoch, `nested["sched"]["total"]` (batches) every batch.
# A dict written into after it is built (`changed["t_max"] = ...`), or handed to a function,
# is not read; a callback object stepping a per-batch schedule in `on_batch_end()` is right.
import torch
from torch import nn

EPOCHS = 12
cfg = {"lr": 0.1, "epochs": EPOCHS, "t_max": EPOCHS}
changed = {"t_max": EPOCHS}
changed["t_max"] = EPOCHS * 40
handed = {"t_max": EPOCHS}


def fit(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=cfg["t_max"])
    for epoch in range(cfg["epochs"]):
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
        scheduler.step()


def fit_one_cycle(model, loader):
    nested = {"optim": {"lr": 0.05}, "sched": {"total": EPOCHS * len(loader)}}
    optimizer = torch.optim.AdamW(model.parameters(), lr=nested["optim"]["lr"])
    scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=0.1, total_steps=nested["sched"]["total"])
    for epoch in range(EPOCHS):
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
            scheduler.step()


def fit_changed(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=changed["t_max"])
    for epoch in range(EPOCHS):
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
            scheduler.step()


def configure(settings):
    settings["t_max"] = EPOCHS * 40


def fit_handed(model, loader):
    configure(handed)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=handed["t_max"])
    for epoch in range(EPOCHS):
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
            scheduler.step()


class SchedulerCallback:
    def __init__(self, scheduler):
        self.scheduler = scheduler

    def on_batch_end(self):
        self.scheduler.step()


def fit_callback(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    one_cycle = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=0.1, total_steps=EPOCHS * len(loader))
    callback = SchedulerCallback(one_cycle)
    for epoch in range(EPOCHS):
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
            callback.on_batch_end()
