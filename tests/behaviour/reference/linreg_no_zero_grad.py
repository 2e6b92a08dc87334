"""Fit a bias-free linear regression with plain SGD (hand-fixed reference).

Reference for examples/linreg_no_zero_grad.py. A person would clear the
gradients after each update; gradfix puts `opt.zero_grad(set_to_none=True)`
first in the inner loop body instead. Either way every backward() starts from
.grad == None, so losses, gradient norms and weights are bit-identical.

100 random samples with 10 features, split into 5 batches of 20, 3 epochs of
SGD (lr 0.01) on the mean squared error.

Output contract (read by gradfix's behaviour tests): one JSON line on stdout,
{"losses": [...], "weights_sha256": "...", "extra": {"grad_norms": [...]}}
with one loss and one gradient norm per optimizer step (per batch).
"""

import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)


def make_data(n_samples=100, n_features=10, batch_size=20, noise=0.1):
    X = torch.randn(n_samples, n_features)
    true_w = torch.randn(n_features, 1)
    y = X @ true_w + noise * torch.randn(n_samples, 1)
    # a fixed list of (inputs, targets) batches, reused every epoch
    return list(zip(X.split(batch_size), y.split(batch_size)))


def grad_norm(model):
    total = 0.0
    for p in model.parameters():
        if p.grad is not None:
            total += p.grad.pow(2).sum().item()
    return total ** 0.5


def train(model, opt, data, epochs=3):
    loss_fn = nn.MSELoss()
    history = {"loss": [], "grad_norm": []}
    for epoch in range(epochs):
        for xb, yb in data:
            pred = model(xb)
            loss = loss_fn(pred, yb)
            loss.backward()
            history["grad_norm"].append(grad_norm(model))
            opt.step()
            opt.zero_grad()
            history["loss"].append(loss.item())
    return history


def sha256_of_params(model):
    h = hashlib.sha256()
    for p in model.parameters():
        h.update(bytes(p.detach().float().contiguous().flatten().view(torch.uint8).tolist()))
    return h.hexdigest()


def main():
    data = make_data()
    model = nn.Linear(10, 1, bias=False)
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    history = train(model, opt, data, epochs=3)
    print(json.dumps({
        "losses": history["loss"],
        "weights_sha256": sha256_of_params(model),
        "extra": {"grad_norms": history["grad_norm"]},
    }))


if __name__ == "__main__":
    main()
