import torch

ACCUM_STEPS = 8
LR = 0.4 / ACCUM_STEPS


def fit(net, data, crit):
    opt = torch.optim.SGD(net.parameters(), lr=LR)
    for step, (inputs, target) in enumerate(data):
        crit(net(inputs), target).backward()
        if (step + 1) % ACCUM_STEPS == 0 or step + 1 == len(data):
            opt.step()
            opt.zero_grad()
