import torch
import torch.nn as nn


def validation_error(net, batches):
    net.eval()
    with torch.no_grad():
        return sum(nn.functional.l1_loss(net(x), y).item() for x, y in batches) / len(batches)


def fit(net, train_batches, val_batches, tolerance=0.1):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.01)
    while validation_error(net, val_batches) > tolerance:
        net.train()
        for x, y in train_batches:
            optimizer.zero_grad(set_to_none=True)
            nn.functional.l1_loss(net(x), y).backward()
            optimizer.step()


def fit_restoring(net, train_batches, val_batches, tolerance=0.1):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.01)

    def still_bad():
        error = validation_error(net, val_batches)
        net.train()
        return error > tolerance

    while still_bad():
        for x, y in train_batches:
            optimizer.zero_grad(set_to_none=True)
            nn.functional.l1_loss(net(x), y).backward()
            optimizer.step()
