# Correct (for gradfix, unknown): the hooks list starts empty, but `+=` may add a hook.
import torch


def train(model, loader, optimizer, extra):
    hooks = []
    if extra is not None:
        hooks += [extra]
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward(retain_graph=True)
        for hook in hooks:
            hook.after_backward()
        optimizer.step()
