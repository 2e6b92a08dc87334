"""DDP accumulation: the micro-batches of a window skip the all-reduce (`no_sync()`), the
window's last one, or the loader's last batch, steps after clipping."""

import contextlib

import torch


def train(ddp_model, loader, optimizer, accum_steps=4):
    for i, (x, y) in enumerate(loader):
        last = (i + 1) % accum_steps == 0 or i + 1 == len(loader)
        context = contextlib.nullcontext() if last else ddp_model.no_sync()
        with context:
            (torch.nn.functional.cross_entropy(ddp_model(x), y) / accum_steps).backward()
        if last:
            torch.nn.utils.clip_grad_norm_(ddp_model.parameters(), 1.0)
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
