import torch
import torch.nn.functional as F


def evaluate(model, batch):
    x, y = batch
    with torch.no_grad():
        return F.mse_loss(model(x), y).item()


def fit(model, opts, params, loader, val, epochs):
    for epoch in range(epochs):
        for x, y in loader:
            for opt in opts:
                opt.zero_grad(set_to_none=True)
            loss = F.mse_loss(model(x), y)
            loss.backward()
            [opt.step() for opt in opts]
        scores = [evaluate(model, b) for b in val]
        ok = all(torch.isfinite(p).all() for p in params)
        bad = any(p.grad is None for p in params)
        print(epoch, sum(scores), ok, bad)


def fit_by_hand(model, params, loader, lr):
    for x, y in loader:
        [p.grad.zero_() for p in params if p.grad is not None]
        loss = F.mse_loss(model(x), y)
        loss.backward()
        with torch.no_grad():
            [p.sub_(lr * p.grad) for p in params]
