import torch
from torch import nn


def forward(ctx):
    net = ctx["net"]
    loss = nn.functional.mse_loss(net(ctx["inputs"]), ctx["targets"])
    loss.backward()
    ctx["loss"] = loss.item()
    return ctx


def apply_update(ctx):
    optimizer = ctx["optimizer"]
    optimizer.step()
    return ctx


STAGES = (forward, apply_update)


def fit(net, batches, epochs):
    optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
    ctx = {"net": net}
    ctx["optimizer"] = optimizer
    epoch = 0
    while epoch < epochs:
        optimizer.zero_grad()
        for inputs, targets in batches:
            optimizer.zero_grad(set_to_none=True)
            ctx.update(inputs=inputs, targets=targets)
            for stage in STAGES:
                ctx = stage(ctx)
        epoch += 1
    return net
