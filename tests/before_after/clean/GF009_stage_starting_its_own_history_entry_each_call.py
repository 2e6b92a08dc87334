import torch
from torch import nn


def train_step(ctx):
    net = ctx["net"]
    optimizer = ctx["optimizer"]
    ctx["history"] = []
    history = ctx["history"]
    optimizer.zero_grad(set_to_none=True)
    loss = nn.functional.mse_loss(net(ctx["inputs"]), ctx["targets"])
    loss.backward()
    optimizer.step()
    history.append(loss)
    ctx["value"] = sum(h.item() for h in history)
    return ctx


def log_step(ctx):
    print(ctx["value"])
    return ctx


def fit(net, batches, epochs):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
    ctx = {"net": net, "optimizer": optimizer}
    for epoch in range(epochs):
        for inputs, targets in batches:
            ctx.update(inputs=inputs, targets=targets)
            for stage in (train_step, log_step):
                ctx = stage(ctx)
    return net
