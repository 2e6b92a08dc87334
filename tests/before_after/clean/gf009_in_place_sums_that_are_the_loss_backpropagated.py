import torch
import torch.nn.functional as F


def multi_head_step(trunk, heads, batches, opt):
    for x, y in batches:
        opt.zero_grad()
        feats = trunk(x)
        total = torch.zeros(())
        for head in heads:
            total.add_(F.mse_loss(head(feats), y))
        total.backward()
        opt.step()


def window_of_losses(net, batches, opt, k):
    window = torch.zeros(())
    for i, (x, y) in enumerate(batches):
        part = F.mse_loss(net(x), y)
        window = torch.add(window, part, alpha=1.0 / k)
        if (i + 1) % k == 0:
            opt.zero_grad()
            window.backward()
            opt.step()
            window = torch.zeros(())
