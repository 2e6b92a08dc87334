"""Mixed-precision training (bfloat16 autocast + GradScaler) with gradient clipping.

A small MLP classifier on synthetic data, trained under torch.autocast on the
CPU with a GradScaler and clip_grad_norm_(max_norm=1.0) before each update.

Output contract (read by gradfix's behaviour tests): one JSON line on stdout,
{"losses": [...], "weights_sha256": "...", "extra": {...}}, one (unscaled)
loss per optimizer step; "extra.grad_norms" is what clip_grad_norm_ returned.
"""

import hashlib
import json

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)

DEVICE = "cpu"
STEPS = 80
BATCH_SIZE = 64
MAX_NORM = 1.0


def make_data(n=2048, dim=24, classes=5):
    x = 3.0 * torch.randn(n, dim)
    w = torch.randn(dim, classes)
    y = (x @ w + 0.5 * torch.randn(n, classes)).argmax(dim=1)
    return x, y


def state_sha256(model):
    h = hashlib.sha256()
    for p in model.parameters():
        h.update(bytes(p.detach().float().contiguous().flatten().view(torch.uint8).tolist()))
    return h.hexdigest()


def main():
    x, y = make_data()
    model = nn.Sequential(nn.Linear(24, 64), nn.ReLU(), nn.Linear(64, 5)).to(DEVICE)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = torch.amp.GradScaler(DEVICE)

    losses, grad_norms = [], []
    for step in range(STEPS):
        start = (step * BATCH_SIZE) % x.shape[0]
        xb, yb = x[start:start + BATCH_SIZE], y[start:start + BATCH_SIZE]

        optimizer.zero_grad(set_to_none=True)
        with torch.autocast(device_type=DEVICE, dtype=torch.bfloat16):
            logits = model(xb)
            loss = F.cross_entropy(logits, yb)

        scaler.scale(loss).backward()
        norm = nn.utils.clip_grad_norm_(model.parameters(), MAX_NORM)
        scaler.step(optimizer)
        scaler.update()

        losses.append(loss.item())
        grad_norms.append(norm.item())

    print(json.dumps({
        "losses": losses,
        "weights_sha256": state_sha256(model),
        "extra": {"grad_norms": grad_norms, "final_scale": scaler.get_scale()},
    }))


if __name__ == "__main__":
    main()
