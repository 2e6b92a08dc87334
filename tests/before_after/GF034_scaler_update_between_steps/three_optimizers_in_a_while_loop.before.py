"""A while loop stepping three optimizers of one scaled backward, updating after the first."""

import torch


def train(nets, optimizers, batches, max_steps):
    amp_scaler = torch.amp.GradScaler("cuda", growth_interval=100)
    opt_a, opt_b, opt_c = optimizers
    step = 0
    while step < max_steps:
        x, y = next(batches)
        for opt in optimizers:
            opt.zero_grad()
        with torch.autocast("cuda"):
            loss = sum(torch.nn.functional.l1_loss(net(x), y) for net in nets)
        amp_scaler.scale(loss).backward()
        amp_scaler.step(opt_a)
        amp_scaler.update()  # keep the scale fresh
        amp_scaler.step(opt_b)
        amp_scaler.step(opt_c)
        amp_scaler.update()
        step += 1
