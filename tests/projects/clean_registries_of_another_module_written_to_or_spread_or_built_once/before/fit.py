import torch

from registry import OPTIMIZER_TABLE, SCHEDULER_TABLE


def fit(net, loader, settings):
    # the table gets a class of the project after it is built: its `lr` attribute may be read
    opt = OPTIMIZER_TABLE[settings["opt"]](net.parameters(), lr=settings["lr"])
    for epoch in range(settings["epochs"]):
        if epoch == settings["decay_at"]:
            opt.lr = settings["lr"] * 0.1
        for inputs, targets in loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(net(inputs), targets).backward()
            opt.step()


def fit_rounds(net, loader, settings):
    opt = torch.optim.SGD(net.parameters(), lr=settings["lr"])
    sched = SCHEDULER_TABLE[settings["sched"]](opt, settings["period"])
    round_ = 0
    while round_ < settings["rounds"]:
        # told where to resume, or handed its settings whole: not started over
        resumed = SCHEDULER_TABLE[settings["sched"]](opt, settings["period"], last_epoch=round_ - 1)
        spread = SCHEDULER_TABLE[settings["sched"]](opt, **settings["sched_args"])
        for inputs, targets in loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(net(inputs), targets).backward()
            opt.step()
        sched.step()
        resumed.step()
        spread.step()
        round_ += 1
