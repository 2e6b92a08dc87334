import torch


@torch.no_grad()
def run_eval(model, batches, criterion):
    model.eval()
    total = 0.0
    for inputs, targets in batches:
        total += criterion(model(inputs), targets).item()
    return total / max(len(batches), 1)
