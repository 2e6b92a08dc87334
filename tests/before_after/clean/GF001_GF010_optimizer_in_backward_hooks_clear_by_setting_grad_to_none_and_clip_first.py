import torch
from torch import nn

body = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 2))
per_weight = {t: torch.optim.Adam([t], lr=1e-3) for t in body.parameters()}
warm = {t: torch.optim.lr_scheduler.LinearLR(per_weight[t], start_factor=0.1, total_iters=50) for t in body.parameters()}


def fused(t):
    torch.nn.utils.clip_grad_value_([t], 1.0)
    per_weight[t].step()
    warm[t].step()
    t.grad = None


for t in body.parameters():
    t.register_post_accumulate_grad_hook(fused)

for _ in range(100):
    x = torch.randn(4, 8)
    body(x).logsumexp(-1).mean().backward()
