import torch
from torch.optim.lr_scheduler import CosineAnnealingLR


def restarts_each_epoch(model, loader, epochs, steps_per_epoch):
    # warm restarts on purpose: the horizon is one epoch's batches
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        sched = CosineAnnealingLR(opt, T_max=steps_per_epoch)
        for x, y in loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
            sched.step()


def cycles_of_a_fixed_count(model, loader, epochs, steps_per_epoch, cycles):
    # the horizon counts another loop's passes (cycles), not this loop's epochs
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        sched = CosineAnnealingLR(opt, T_max=steps_per_epoch * cycles)
        for x, y in loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
            sched.step()


def each_stage_its_own_schedule(model, loader, stages, steps_per_epoch):
    # a new horizon per stage: the count of stages left changes each pass
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for stage in range(stages):
        sched = CosineAnnealingLR(opt, T_max=steps_per_epoch * (stages - stage))
        for x, y in loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
            sched.step()
