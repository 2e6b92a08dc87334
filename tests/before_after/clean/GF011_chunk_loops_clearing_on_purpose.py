"""Chunk loops whose clear on every pass is right: a retry loop that ends with `break`, a clear
before a per-chunk read of the gradients (clipped one chunk at a time into a buffer), a clear
after the read, and the clear written before the chunk loop."""
import torch
from torch import nn


def retry_until_finite(loader, net, opt):
    for x, y in loader:
        while True:
            opt.zero_grad()
            loss = nn.functional.mse_loss(net(x), y)
            loss.backward()
            if all(torch.isfinite(p.grad).all() for p in net.parameters()):
                break
        opt.step()


def clipped_per_chunk(loader, net, opt, micro, bound):
    params = [p for p in net.parameters() if p.requires_grad]
    for x, y in loader:
        total = [torch.zeros_like(p) for p in params]
        for xs, ys in zip(x.split(micro), y.split(micro)):
            opt.zero_grad()
            nn.functional.mse_loss(net(xs), ys).backward()
            norm = torch.sqrt(sum((p.grad ** 2).sum() for p in params))
            scale = min(1.0, bound / (float(norm) + 1e-6))
            for buf, p in zip(total, params):
                buf.add_(p.grad, alpha=scale)
        for buf, p in zip(total, params):
            p.grad = buf / len(x.split(micro))
        opt.step()


def read_then_clear(loader, net, opt, micro):
    params = list(net.parameters())
    for x, y in loader:
        kept = [torch.zeros_like(p) for p in params]
        start = 0
        while start < x.size(0):
            nn.functional.mse_loss(net(x[start:start + micro]), y[start:start + micro]).backward()
            for buf, p in zip(kept, params):
                buf.add_(p.grad.clamp(-1.0, 1.0))
            opt.zero_grad()
            start += micro
        for buf, p in zip(kept, params):
            p.grad = buf
        opt.step()


def accumulate_chunks(loader, net, opt, micro):
    for x, y in loader:
        opt.zero_grad()
        start = 0
        while start < x.size(0):
            part = slice(start, start + micro)
            (nn.functional.mse_loss(net(x[part]), y[part]) * micro / x.size(0)).backward()
            start += micro
        opt.step()
