# The horizons are entries of dicts written out in the file and read by subscript:
# `T_max=cfg["t_max"]` with `cfg = {"t_max": EPOCHS}` counts epochs yet steps every batch;
# `steps_per_epoch=sched_cfg["steps"]` and `total_steps=nested["sched"]["total"]` count
# batches yet step once per epoch.
import torch
from torch import nn

EPOCHS = 12
cfg = {"lr": 0.1, "epochs": EPOCHS, "t_max": EPOCHS}


def fit(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=cfg["t_max"])
    for epoch in range(cfg["epochs"]):
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
            scheduler.step()


def fit_one_cycle(model, train_loader):
    sched_cfg = {"max_lr": 0.1, "steps": len(train_loader)}
    optimizer = torch.optim.AdamW(model.parameters(), lr=0.05)
    scheduler = torch.optim.lr_scheduler.OneCycleLR(
        optimizer, max_lr=sched_cfg["max_lr"], epochs=EPOCHS, steps_per_epoch=sched_cfg["steps"]
    )
    for epoch in range(EPOCHS):
        for x, y in train_loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
        scheduler.step()


def fit_nested(model, loader):
    nested = {"optim": {"lr": 0.05}, "sched": {"total": EPOCHS * len(loader)}}
    optimizer = torch.optim.AdamW(model.parameters(), lr=nested["optim"]["lr"])
    scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=0.1, total_steps=nested["sched"]["total"])
    for epoch in range(EPOCHS):
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
        scheduler.step()
