"""The evaluation reached through a lambda bound in the training function (`check = lambda:
run_validation(net, val_loader)`) and through a tuple of hooks iterated in a `while` loop:
both leave the network in eval mode for the next epoch."""
import torch


def run_validation(net, loader):
    net.eval()
    correct = 0
    with torch.no_grad():
        for inputs, labels in loader:
            correct += (net(inputs).argmax(1) == labels).sum().item()
    return correct


def print_lr(net, loader):
    print(len(loader))


def fit(net, train_loader, val_loader, epochs):
    optimizer = torch.optim.Adam(net.parameters())
    check = lambda: run_validation(net, val_loader)
    for epoch in range(epochs):
        net.train()
        for inputs, labels in train_loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(net(inputs), labels).backward()
            optimizer.step()
        check()
        net.train()
        for inputs, labels in train_loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(net(inputs), labels).backward()
            optimizer.step()


def fit_with_hooks(net, train_loader, val_loader, max_epochs):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.01)
    hooks = (print_lr, run_validation)
    net.train()
    epoch = 0
    while epoch < max_epochs:
        for inputs, labels in train_loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(net(inputs), labels).backward()
            optimizer.step()
        for hook in hooks:
            hook(net, val_loader)
            net.train()
        epoch += 1
