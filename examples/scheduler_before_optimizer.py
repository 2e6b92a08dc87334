"""Small classifier trained with a per-iteration warmup + linear decay schedule.

The learning rate ramps up linearly over the first WARMUP_ITERS iterations and
then decays linearly to 10% of the peak; the scheduler advances once per
iteration (not once per epoch).

Output contract (read by gradfix's behaviour tests): one JSON line on stdout,
{"losses": [...], "weights_sha256": "...", "extra": {"lrs": [...]}}, one loss
per optimizer step; "lrs" is the learning rate each optimizer step used.
"""

import hashlib
import json

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.optim.lr_scheduler import LambdaLR

torch.manual_seed(0)
torch.set_num_threads(1)

TOTAL_ITERS = 100
WARMUP_ITERS = 20
PEAK_LR = 0.1


def warmup_then_decay(it: int) -> float:
    if it < WARMUP_ITERS:
        return (it + 1) / WARMUP_ITERS
    progress = (it - WARMUP_ITERS) / (TOTAL_ITERS - WARMUP_ITERS)
    return 1.0 - 0.9 * progress


def make_blobs(n_per_class=256, n_classes=4, dim=20):
    centers = 0.3 * torch.randn(n_classes, dim)
    xs = [centers[c] + torch.randn(n_per_class, dim) for c in range(n_classes)]
    ys = [torch.full((n_per_class,), c, dtype=torch.long) for c in range(n_classes)]
    x, y = torch.cat(xs), torch.cat(ys)
    order = torch.randperm(x.shape[0])
    return x[order], y[order]


def digest(model):
    h = hashlib.sha256()
    for p in model.parameters():
        h.update(bytes(p.detach().float().contiguous().flatten().view(torch.uint8).tolist()))
    return h.hexdigest()


def main():
    x, y = make_blobs()
    model = nn.Sequential(nn.Linear(20, 64), nn.GELU(), nn.Linear(64, 4))
    optimizer = torch.optim.SGD(model.parameters(), lr=PEAK_LR, momentum=0.9)
    scheduler = LambdaLR(optimizer, lr_lambda=warmup_then_decay)

    losses, lrs = [], []
    batch_size = 64
    for it in range(TOTAL_ITERS):
        start = (it * batch_size) % x.shape[0]
        xb, yb = x[start:start + batch_size], y[start:start + batch_size]

        optimizer.zero_grad()
        loss = F.cross_entropy(model(xb), yb)
        loss.backward()
        scheduler.step()
        lrs.append(optimizer.param_groups[0]["lr"])
        optimizer.step()
        losses.append(loss.item())

    print(json.dumps({
        "losses": losses,
        "weights_sha256": digest(model),
        "extra": {"lrs": lrs},
    }))


if __name__ == "__main__":
    main()
