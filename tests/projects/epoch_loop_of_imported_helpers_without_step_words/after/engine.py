import torch


def _update(model, optimizer, criterion, inputs, targets):
    optimizer.zero_grad(set_to_none=True)
    loss = criterion(model(inputs), targets)
    loss.backward()
    optimizer.step()
    return loss.item()


def train_one_epoch(model, loader, optimizer, criterion):
    losses = [_update(model, optimizer, criterion, inputs, targets) for inputs, targets in loader]
    return sum(losses) / max(len(losses), 1)


@torch.no_grad()
def evaluate(model, batches):
    model.eval()
    correct = 0
    for inputs, targets in batches:
        correct += (model(inputs).argmax(1) == targets).sum().item()
    return correct
