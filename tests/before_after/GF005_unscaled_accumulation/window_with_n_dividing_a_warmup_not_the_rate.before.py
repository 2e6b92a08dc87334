import torch

ACCUM_STEPS = 8
LR = 0.4
WARMUP = 800 / ACCUM_STEPS


def fit(net, data, crit):
    opt = torch.optim.SGD(net.parameters(), lr=LR)
    sched = torch.optim.lr_scheduler.LinearLR(opt, start_factor=0.1, total_iters=int(WARMUP))
    for step, (inputs, target) in enumerate(data):
        crit(net(inputs), target).backward()
        if (step + 1) % ACCUM_STEPS == 0:
            opt.step()
            sched.step()
            opt.zero_grad()
