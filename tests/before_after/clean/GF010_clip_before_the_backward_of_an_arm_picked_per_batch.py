import torch
from torch import nn


def train(net, opt, batches, accum=2):
    """Odd batches only backpropagate, even ones clip the sum of both and step: the arm is
    picked per batch, so the clip sees the other arm's gradient."""
    for i, (x, y) in enumerate(batches):
        if i % 2 == 0:
            nn.functional.mse_loss(net(x), y).backward()
        else:
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)
            nn.functional.mse_loss(net(x), y).backward()
            opt.step()
            opt.zero_grad()


def train_by_flag(net, opt, batches):
    use_warmup = True
    for x, y in batches:
        if use_warmup:
            nn.functional.mse_loss(net(x), y).backward()
            use_warmup = False
        else:
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)
            nn.functional.mse_loss(net(x), y).backward()
            opt.step()
            opt.zero_grad()
