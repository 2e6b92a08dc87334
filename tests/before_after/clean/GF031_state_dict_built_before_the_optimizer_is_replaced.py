import torch
from torch import nn


def forward_backward(ctx):
    net = ctx["net"]
    optimizer = ctx["optimizer"]
    optimizer.zero_grad(set_to_none=True)
    loss = nn.functional.mse_loss(net(ctx["inputs"]), ctx["targets"])
    loss.backward()
    return ctx


def update(ctx):
    optimizer = ctx["optimizer"]
    schedule = ctx["schedule"]
    optimizer.step()
    schedule.step()
    return ctx


def fit(net, head, batches, epochs):
    optim = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    sched = torch.optim.lr_scheduler.StepLR(optim, step_size=10, gamma=0.5)
    ctx = {"net": net, "optimizer": optim, "schedule": sched}
    optim = torch.optim.Adam(head.parameters(), lr=1e-3)
    for _ in range(epochs):
        for inputs, targets in batches:
            ctx.update(inputs=inputs, targets=targets)
            for stage in [forward_backward, update]:
                ctx = stage(ctx)
    return net
