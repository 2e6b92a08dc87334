import torch


def norm_history(net, loader, criterion):
    history = []
    for inputs, targets in loader:
        criterion(net(inputs), targets).backward()
        squared = 0.0
        for param in net.parameters():
            squared += param.grad.pow(2).sum().item()
        history.append(squared ** 0.5)
    return history
