import torch


def train(model, loader, criterion):
    optimizer = torch.optim.SGD((w for w in model.parameters() if w.requires_grad), lr=0.1)
    for inputs, targets in loader:
        loss = criterion(model(inputs), targets)
        loss.backward()
        model.zero_grad(set_to_none=True)
        optimizer.step()
