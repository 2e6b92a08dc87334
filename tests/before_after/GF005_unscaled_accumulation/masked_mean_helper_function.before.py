import torch
import torch.nn.functional as F


def masked_mse(pred, target, keep):
    err = F.mse_loss(pred, target, reduction="none").mean(-1)
    return (err * keep).sum() / keep.sum()


def train(net, loader, accumulation_steps=8):
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
    for step, (x, y, keep) in enumerate(loader):
        loss = masked_mse(net(x), y, keep)
        loss.backward()
        if (step + 1) % accumulation_steps == 0 or step + 1 == len(loader):
            opt.step()
            opt.zero_grad(set_to_none=True)
