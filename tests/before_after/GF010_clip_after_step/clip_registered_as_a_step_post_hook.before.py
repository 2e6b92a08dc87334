# The gradients are clipped in optimizer step post-hooks: torch runs them right after each
# `step()`, so the update used the unclipped gradients.
import torch
import torch.nn as nn
import torch.nn.functional as F

net = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 1))
optimizer = torch.optim.SGD(net.parameters(), lr=0.05)


def clip_hook(opt, args, kwargs):
    torch.nn.utils.clip_grad_value_(net.parameters(), 0.5)


handle = optimizer.register_step_post_hook(clip_hook)
for epoch in range(4):
    for _ in range(25):
        x, y = torch.randn(16, 10), torch.randn(16, 1)
        optimizer.zero_grad()
        loss = F.mse_loss(net(x), y)
        loss.backward()
        optimizer.step()
handle.remove()
