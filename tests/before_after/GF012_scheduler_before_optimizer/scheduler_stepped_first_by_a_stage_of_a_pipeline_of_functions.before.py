import torch
from torch import nn


def forward_backward(ctx):
    net = ctx["net"]
    optimizer = ctx["optimizer"]
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(net(ctx["inputs"]), ctx["targets"])
    loss.backward()
    ctx["loss"] = loss.item()
    return ctx


def update(ctx):
    scheduler = ctx["scheduler"]
    optimizer = ctx["optimizer"]
    scheduler.step()
    optimizer.step()
    return ctx


def train(net, batches, epochs):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda s: 0.95**s)
    ctx = {"net": net, "optimizer": optimizer, "scheduler": scheduler}
    for _ in range(epochs):
        for inputs, targets in batches:
            ctx.update(inputs=inputs, targets=targets)
            for stage in [forward_backward, update]:
                ctx = stage(ctx)
    return net
