import torch

from registry import OPTIMIZER_TABLE, SCHEDULER_TABLE


def fit(net, loader, settings):
    opt = OPTIMIZER_TABLE.get(settings["opt"])(net.parameters(), lr=settings["lr"], momentum=0.9)
    for epoch in range(settings["epochs"]):
        if epoch == settings["decay_at"]:
            opt.momentum = 0.5
            for param_group in opt.param_groups:
                param_group["momentum"] = opt.momentum
        for inputs, targets in loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(net(inputs), targets).backward()
            opt.step()


def fit_rounds(net, loader, settings):
    opt = OPTIMIZER_TABLE[settings["opt"]](net.parameters(), lr=settings["lr"])
    round_ = 0
    sched = SCHEDULER_TABLE[settings["sched"]](opt, settings["period"])
    while round_ < settings["rounds"]:
        for inputs, targets in loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(net(inputs), targets).backward()
            opt.step()
        sched.step()
        round_ += 1
