import torch
import torch.nn.functional as F


def train_epoch(model, loader, optimizer, eps):
    model.train()
    for x, y in loader:
        optimizer.zero_grad()
        x = x.clone().requires_grad_(True)
        clean = F.cross_entropy(model(x), y)
        clean.backward(retain_graph=True)
        with torch.no_grad():
            x_adv = (x + eps * x.grad.sign()).clamp(0.0, 1.0)
        # the clean term is backpropagated again: its graph had to be kept
        total = clean + F.cross_entropy(model(x_adv), y)
        total.backward()
        optimizer.step()

