"""LBFGS: the closure clears, backpropagates and clips between its own backward and the
step that calls it; the step runs the closure as often as it needs."""

import torch


def fit(model, x, y, steps):
    optimizer = torch.optim.LBFGS(model.parameters(), lr=1.0, max_iter=20)
    for step in range(steps):
        def closure():
            optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 10.0)
            return loss
        optimizer.step(closure)
