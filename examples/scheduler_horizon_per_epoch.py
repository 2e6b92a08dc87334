"""Cosine schedule sized in batches (`T_max=EPOCHS * len(loader)`) but stepped once per epoch.

After the last epoch the schedule has advanced EPOCHS of its EPOCHS * len(loader)
steps: the learning rate has hardly left its peak.

Output contract (read by gradfix's behaviour tests): one JSON line on stdout,
{"losses": [...], "weights_sha256": "...", "extra": {"lrs": [...]}}, one loss
per optimizer step; "lrs" is the learning rate each optimizer step used.
"""

import hashlib
import json

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)

EPOCHS = 5


def digest(model):
    h = hashlib.sha256()
    for p in model.parameters():
        h.update(bytes(p.detach().float().contiguous().flatten().view(torch.uint8).tolist()))
    return h.hexdigest()


def main():
    x = torch.randn(256, 12)
    y = torch.sin(x @ torch.randn(12, 1))
    loader = [(x[i:i + 32], y[i:i + 32]) for i in range(0, 256, 32)]
    model = nn.Sequential(nn.Linear(12, 32), nn.Tanh(), nn.Linear(32, 1))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.2)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=EPOCHS * len(loader))

    losses, lrs = [], []
    for epoch in range(EPOCHS):
        for xb, yb in loader:
            optimizer.zero_grad()
            loss = F.mse_loss(model(xb), yb)
            loss.backward()
            lrs.append(optimizer.param_groups[0]["lr"])
            optimizer.step()
            losses.append(loss.item())
        scheduler.step()

    print(json.dumps({"losses": losses, "weights_sha256": digest(model), "extra": {"lrs": lrs}}))


if __name__ == "__main__":
    main()
