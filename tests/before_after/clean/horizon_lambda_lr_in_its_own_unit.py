# LambdaLR functions written in the unit they are stepped in: a warm-up over batches stepped
# per batch, a decay over epochs stepped per epoch, an exponential decay with no horizon, and a
# lambda reading both units (nothing to tell).
import math

import torch

optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
warmup = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda s: min(1.0, (s + 1) / (WARMUP_EPOCHS * len(loader))))
decay = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda e: 0.5 * (1 + math.cos(math.pi * e / args.epochs)))
for epoch in range(args.epochs):
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
        warmup.step()
    decay.step()

other = torch.optim.Adam(model.parameters())
gamma = torch.optim.lr_scheduler.LambdaLR(other, lambda e: 0.95 ** e)
both = torch.optim.lr_scheduler.LambdaLR(other, lambda s: min(s / len(loader), 1 - s / args.epochs))
restarts = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(other, T_0=len(loader))
for epoch in range(args.epochs):
    for x, y in loader:
        other.zero_grad()
        criterion(model(x), y).backward()
        other.step()
        gamma.step()
        both.step()
        restarts.step()
