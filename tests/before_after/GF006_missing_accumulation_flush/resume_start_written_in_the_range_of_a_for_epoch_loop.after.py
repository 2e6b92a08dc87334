import torch
from torch import nn


def fit(net, batches, args, every):
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for epoch in range(args.first_epoch, args.epochs):
        k = -1  # the flush after the loop reads it, also when the loop runs no batch
        for k in range(args.resume_batch if epoch == args.first_epoch else 0, len(batches)):
            x, y = batches[k]
            (nn.functional.l1_loss(net(x), y) / every).backward()
            if (k + 1) % every == 0:
                opt.step()
                opt.zero_grad()

        # the last micro-batches did not fill a whole window: step on them too
        if (k + 1) % every != 0:
            opt.step()
            opt.zero_grad()
    return net
