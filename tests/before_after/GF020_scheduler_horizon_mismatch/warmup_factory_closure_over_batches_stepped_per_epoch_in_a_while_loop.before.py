"""A schedule factory of the file returning its own function (`linear_warmup(warmup, total)`),
called where the LambdaLR is built with a total counted in batches, in a function whose
`while` loop steps the scheduler once per epoch."""
import torch
import torch.nn.functional as F


def linear_warmup(warmup, total):
    def factor(step):
        if step < warmup:
            return (step + 1) / warmup
        remaining = total - step
        return max(0.0, remaining / (total - warmup))

    return factor


def train(net, loader, epochs):
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lr_lambda=linear_warmup(50, epochs * len(loader)))
    epoch = 0
    while epoch < epochs:
        for x, y in loader:
            opt.zero_grad()
            F.cross_entropy(net(x), y).backward()
            opt.step()
        sched.step()
        epoch += 1
