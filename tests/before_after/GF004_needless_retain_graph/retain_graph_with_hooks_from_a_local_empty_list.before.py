# Buggy: the hooks list is a local bound to `[]` and never filled; the graph kept by
# `retain_graph=True` is never used again.
import torch


def train(model, loader, optimizer, epochs):
    hooks = []
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward(retain_graph=True)
            for hook in hooks:
                hook.after_backward()
            optimizer.step()
