import torch


def accuracy(model, loader):
    model.eval()
    hits = total = 0
    with torch.no_grad():
        for x, y in loader:
            hits += (model(x).argmax(dim=1) == y).sum().item()
            total += len(y)
    return hits / total
