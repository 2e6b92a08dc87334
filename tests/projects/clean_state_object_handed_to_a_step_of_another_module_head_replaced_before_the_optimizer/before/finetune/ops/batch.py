import torch.nn.functional as F


def fit_batch(net, ctx, inputs, targets):
    ctx.optimizer.zero_grad()
    loss = F.cross_entropy(net(inputs), targets)
    loss.backward()
    ctx.optimizer.step()
    return loss.item()
