import torch
from torch import nn


def train(net, optim, batches, total_steps):
    amp_scaler = torch.cuda.amp.GradScaler()
    loss_fn = nn.MSELoss()
    clip_fn = lambda: nn.utils.clip_grad_value_(net.parameters(), 1.0)
    step = 0
    while step < total_steps:
        inputs, targets = batches[step % len(batches)]
        optim.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.float16):
            loss = loss_fn(net(inputs), targets)
        amp_scaler.scale(loss).backward()
        clip_fn()
        amp_scaler.step(optim)
        amp_scaler.update()
        step += 1
