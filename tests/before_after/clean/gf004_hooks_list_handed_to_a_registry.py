# Correct (for gradfix, unknown): the local hooks list is handed to `register`, which may fill
# it with a hook that backpropagates again.
import torch


def train(model, loader, optimizer, register):
    hooks = []
    register(hooks)
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward(retain_graph=True)
        for hook in hooks:
            hook.after_backward()
        optimizer.step()
