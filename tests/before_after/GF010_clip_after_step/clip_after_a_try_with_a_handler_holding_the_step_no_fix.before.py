import torch


def train(model, loader, optimizer, criterion):
    for x, y in loader:
        optimizer.zero_grad()
        try:
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
        except RuntimeError:
            continue
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
