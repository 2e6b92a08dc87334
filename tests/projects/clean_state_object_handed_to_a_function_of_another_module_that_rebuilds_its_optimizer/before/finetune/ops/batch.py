import torch
import torch.nn.functional as F


def fit_batch(net, ctx, inputs, targets):
    if getattr(ctx, "fresh", True):
        ctx.optimizer = torch.optim.Adam(net.parameters(), lr=3e-4)
        ctx.fresh = False
    ctx.optimizer.zero_grad()
    loss = F.cross_entropy(net(inputs), targets)
    loss.backward()
    ctx.optimizer.step()
    return loss.item()
