import torch


@torch.no_grad()
def score(model, loader):
    model.eval()
    right = sum((model(x).argmax(1) == y).sum().item() for x, y in loader)
    model.train()
    return right / len(loader.dataset)
