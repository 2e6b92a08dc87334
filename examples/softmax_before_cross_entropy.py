"""Classifier whose loss is computed on softmax probabilities instead of logits.

`F.cross_entropy` applies log-softmax itself; fed probabilities, it computes the
cross-entropy of a softmax of a softmax, whose gradients are much smaller.

Output contract (read by gradfix's behaviour tests): one JSON line on stdout,
{"losses": [...], "weights_sha256": "...", "extra": {"grad_norms": [...],
"final_logit_loss": float}}, one loss per optimizer step; "grad_norms" is the
total gradient norm of each step, "final_logit_loss" the cross-entropy of the
trained model's logits on the training data.
"""

import hashlib
import json

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)

STEPS = 60
BATCH = 64


def make_data(n=1024, dim=20, classes=5):
    w = torch.randn(dim, classes)
    x = torch.randn(n, dim)
    return x, (x @ w).argmax(dim=1)


def digest(model):
    h = hashlib.sha256()
    for p in model.parameters():
        h.update(bytes(p.detach().float().contiguous().flatten().view(torch.uint8).tolist()))
    return h.hexdigest()


def grad_norm(model):
    return torch.sqrt(sum((p.grad ** 2).sum() for p in model.parameters())).item()


def main():
    x, y = make_data()
    model = nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, 5))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.5)

    losses, norms = [], []
    for step in range(STEPS):
        start = (step * BATCH) % len(x)
        xb, yb = x[start:start + BATCH], y[start:start + BATCH]
        optimizer.zero_grad()
        logits = model(xb)
        probs = F.softmax(logits, dim=1)
        loss = F.cross_entropy(probs, yb)
        loss.backward()
        norms.append(grad_norm(model))
        optimizer.step()
        losses.append(loss.item())

    with torch.no_grad():
        final = F.cross_entropy(model(x), y).item()
    print(json.dumps({
        "losses": losses,
        "weights_sha256": digest(model),
        "extra": {"grad_norms": norms, "final_logit_loss": final},
    }))


if __name__ == "__main__":
    main()
