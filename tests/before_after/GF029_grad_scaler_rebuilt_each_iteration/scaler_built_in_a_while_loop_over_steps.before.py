import torch
from torch.amp import GradScaler

net = torch.nn.Sequential(torch.nn.Linear(8, 32), torch.nn.GELU(), torch.nn.Linear(32, 1)).cuda()
opt = torch.optim.AdamW(net.parameters(), lr=3e-4)
max_steps = 10_000
use_amp = True

step = 0
batches = iter(make_batches())
while step < max_steps:
    grad_scaler = GradScaler("cuda", enabled=use_amp)
    features, labels = next(batches)
    opt.zero_grad()
    with torch.autocast("cuda", dtype=torch.float16, enabled=use_amp):
        loss = torch.nn.functional.mse_loss(net(features), labels)
    grad_scaler.scale(loss).backward()
    grad_scaler.unscale_(opt)
    torch.nn.utils.clip_grad_norm_(net.parameters(), 1.0)
    grad_scaler.step(opt)
    grad_scaler.update()
    step += 1
