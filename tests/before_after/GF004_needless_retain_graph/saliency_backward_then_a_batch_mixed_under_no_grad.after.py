import torch
import torch.nn.functional as F


def train_epoch(model, loader, optimizer):
    model.train()
    for x, y in loader:
        optimizer.zero_grad()
        x = x.clone().requires_grad_(True)
        clean = 0.5 * F.cross_entropy(model(x), y)
        clean.backward()
        saliency = x.grad.pow(2).mean(dim=1)
        with torch.no_grad():
            order = torch.randperm(x.size(0))
            mixed = torch.where(saliency.unsqueeze(1) > saliency.mean(), x, x[order])
        loss = F.cross_entropy(model(mixed), y)
        loss.backward()
        optimizer.step()
