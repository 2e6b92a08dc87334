"""Classifier with batch norm and dropout, validated after every epoch by a helper.

`validate()` switches the model to eval mode and nothing switches it back: from
the second epoch on, dropout is off and batch norm normalises with (and stops
updating) its running statistics while the model trains.

Output contract (read by gradfix's behaviour tests): one JSON line on stdout,
{"losses": [...], "weights_sha256": "...", "extra": {"training_flags": [...],
"val_losses": [...]}}, one loss per optimizer step; "training_flags" is
`model.training` at each step.
"""

import hashlib
import json

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)

EPOCHS = 4
BATCH = 64


def make_data(n, dim=16, classes=4):
    centers = torch.randn(classes, dim)
    y = torch.randint(0, classes, (n,))
    return centers[y] + 0.8 * torch.randn(n, dim), y


def digest(model):
    h = hashlib.sha256()
    for p in model.parameters():
        h.update(bytes(p.detach().float().contiguous().flatten().view(torch.uint8).tolist()))
    return h.hexdigest()


def validate(net, x, y):
    net.eval()
    with torch.no_grad():
        return F.cross_entropy(net(x), y).item()


def main():
    x, y = make_data(512)
    xv, yv = make_data(128)
    model = nn.Sequential(nn.Linear(16, 64), nn.BatchNorm1d(64), nn.ReLU(), nn.Dropout(0.3), nn.Linear(64, 4))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)

    losses, flags, val_losses = [], [], []
    model.train()
    for epoch in range(EPOCHS):
        for start in range(0, len(x), BATCH):
            xb, yb = x[start:start + BATCH], y[start:start + BATCH]
            optimizer.zero_grad()
            loss = F.cross_entropy(model(xb), yb)
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
            flags.append(model.training)
        val_losses.append(validate(model, xv, yv))

    print(json.dumps({
        "losses": losses,
        "weights_sha256": digest(model),
        "extra": {"training_flags": flags, "val_losses": val_losses},
    }))


if __name__ == "__main__":
    main()
