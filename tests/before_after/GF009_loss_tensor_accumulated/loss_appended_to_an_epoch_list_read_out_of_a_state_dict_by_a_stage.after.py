import torch
from torch import nn


def train_step(ctx):
    net = ctx["net"]
    optimizer = ctx["optimizer"]
    history = ctx["history"]
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(net(ctx["inputs"]), ctx["targets"])
    loss.backward()
    optimizer.step()
    history.append(loss.detach())
    return ctx


def log_step(ctx):
    return ctx


def fit(net, batches, epochs):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
    ctx = {"net": net, "optimizer": optimizer}
    for epoch in range(epochs):
        history = []
        ctx["history"] = history
        for inputs, targets in batches:
            ctx.update(inputs=inputs, targets=targets)
            for stage in (train_step, log_step):
                ctx = stage(ctx)
        print(epoch, sum(h.item() for h in history) / len(history))
    return net
