# Correct: the per-sample weighted loss is also multiplied by `inv_window`, bound from the
# accumulation count before the loop: the backward is divided by ACC.
import torch
import torch.nn.functional as F

ACC = 4


def train(net, opt, loader):
    inv_window = 1.0 / ACC
    for i, (x, y, w) in enumerate(loader):
        loss = (F.mse_loss(net(x), y, reduction="none") * w).mean() * inv_window
        loss.backward()
        if (i + 1) % ACC == 0:
            opt.step()
            opt.zero_grad()
    if (i + 1) % ACC != 0:
        opt.step()
        opt.zero_grad()
