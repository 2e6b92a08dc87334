import torch


def norm_history(net, loader, criterion):
    history = []
    for inputs, targets in loader:
        net.zero_grad(set_to_none=True)
        criterion(net(inputs), targets).backward()
        squared = 0.0
        for param in net.parameters():
            squared += param.grad.pow(2).sum().item()
        history.append(squared ** 0.5)
    return history


def first_norm_only_printed(net, loader, criterion):
    for inputs, targets in loader:
        criterion(net(inputs), targets).backward()
        squared = 0.0
        for param in net.parameters():
            squared += param.grad.pow(2).sum().item()
        print(squared ** 0.5)
        break


def stepped(net, opt, loader, criterion):
    history = []
    for inputs, targets in loader:
        opt.zero_grad()
        criterion(net(inputs), targets).backward()
        squared = 0.0
        for param in net.parameters():
            squared += param.grad.pow(2).sum().item()
        history.append(squared)
        opt.step()
    return history
