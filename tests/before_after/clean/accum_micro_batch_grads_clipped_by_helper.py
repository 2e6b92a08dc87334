"""Each micro-batch's gradient is clipped and copied out by a helper of another package;
the window's step uses the mean of the stashed gradients, written into `.grad` by hand."""

import torch

from dp_utils import clip_and_stash


def train(model, loader, optimizer, accum_steps=4):
    stash = []
    for i, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        torch.nn.functional.cross_entropy(model(x), y).backward()
        clip_and_stash(model, stash)
        if (i + 1) % accum_steps == 0:
            for p, g in zip(model.parameters(), map(sum, zip(*stash))):
                p.grad = g / len(stash)
            optimizer.step()
            stash.clear()
