"""Per-micro-batch clipping, as differential privacy does it: every micro-batch's gradient is
cleared, computed and handed to a buffer object of a library that clips it and adds it to a
running sum; at the window's end the buffer writes the mean into `.grad` for the step. The
clear on every micro-batch and the undivided loss are what this needs."""

import torch

from privacy import ClippedGradientBuffer


def train(model, loader, optimizer, accum_steps=4):
    grad_buffer = ClippedGradientBuffer(model, max_norm=1.0)
    for i, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        torch.nn.functional.cross_entropy(model(x), y).backward()
        grad_buffer.add(model)
        if (i + 1) % accum_steps == 0:
            grad_buffer.write_mean_into(model)
            optimizer.step()
            grad_buffer.reset()
    if (i + 1) % accum_steps != 0:
        grad_buffer.write_mean_into(model)
        optimizer.step()
