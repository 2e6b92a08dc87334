"""The micro-batch counter starts at 1 and is incremented after the test: `micro_step % N`
is 0 on the N-th micro-batch. The partial last window is flushed after the loop."""

import torch


def train(model, loader, optimizer, accum_steps=4):
    micro_step = 1
    for x, y in loader:
        (torch.nn.functional.cross_entropy(model(x), y) / accum_steps).backward()
        if micro_step % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
        micro_step += 1
    if (micro_step - 1) % accum_steps != 0:
        optimizer.step()
        optimizer.zero_grad()
