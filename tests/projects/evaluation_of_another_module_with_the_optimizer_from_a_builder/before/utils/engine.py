import torch


def train_one_epoch(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    return sum(torch.nn.functional.cross_entropy(model(x), y).item() for x, y in loader)
