import torch
from torch.optim.lr_scheduler import OneCycleLR, StepLR


def schedule_for(opt, kind, steps):
    if kind == "onecycle":
        return OneCycleLR(opt, max_lr=0.1, total_steps=steps)
    return StepLR(opt, step_size=steps // 3)


class Runner:
    def go(self, net, data, kind, frozen):
        opt = torch.optim.SGD(net.head.parameters(), lr=0.01)
        sched = schedule_for(kind=kind, steps=len(data), opt=opt)
        if not frozen:
            opt = torch.optim.SGD(net.parameters(), lr=0.01)
        for x, y in data:
            opt.zero_grad()
            torch.nn.functional.cross_entropy(net(x), y).backward()
            opt.step()
            sched.step()
