# A masked-mean loss helper (divided by the mask's sum) whose loss the loop divides by the
# window; and a helper that divides by the window itself: both correct.
import torch
import torch.nn.functional as F


def masked_mse(pred, target, keep):
    err = F.mse_loss(pred, target, reduction="none").mean(-1)
    return (err * keep).sum() / keep.sum()


def masked_mse_per_window(pred, target, keep, window):
    err = F.mse_loss(pred, target, reduction="none").mean(-1)
    return (err * keep).sum() / keep.sum() / window


def train(net, loader, accumulation_steps=8):
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
    for step, (x, y, keep) in enumerate(loader):
        loss = masked_mse(net(x), y, keep) / accumulation_steps
        loss.backward()
        if (step + 1) % accumulation_steps == 0 or step + 1 == len(loader):
            opt.step()
            opt.zero_grad(set_to_none=True)


def train_scaled_in_helper(net, loader, accumulation_steps=8):
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
    for step, (x, y, keep) in enumerate(loader):
        loss = masked_mse_per_window(net(x), y, keep, accumulation_steps)
        loss.backward()
        if (step + 1) % accumulation_steps == 0 or step + 1 == len(loader):
            opt.step()
            opt.zero_grad(set_to_none=True)
