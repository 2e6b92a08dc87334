import torch
import torch.nn.functional as F


def fit(model, optimizer, X, Y, max_steps, bs=16):
    step, start = 0, 0
    while step < max_steps:
        optimizer.zero_grad(set_to_none=True)
        xb, yb = X[start : start + bs], Y[start : start + bs]
        loss = F.mse_loss(model(xb), yb)
        loss.backward(retain_graph=True)
        optimizer.step()
        step += 1
        start += bs
        if start >= len(X):
            start = 0
