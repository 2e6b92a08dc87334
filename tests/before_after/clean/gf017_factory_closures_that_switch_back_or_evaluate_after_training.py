import torch
import torch.nn.functional as F
from torch import nn


def make_restoring_pair(model, opt, loader, val):
    """The evaluating closure switches the factory's module back to train mode itself."""

    def run_epoch():
        for x, y in loader:
            opt.zero_grad(set_to_none=True)
            F.cross_entropy(model(x), y).backward()
            opt.step()

    def evaluate():
        model.eval()
        with torch.no_grad():
            total = sum(F.cross_entropy(model(x), y).item() for x, y in val)
        model.train()
        return total

    return run_epoch, evaluate


def make_training_pair(model, opt, loader, val):
    """The training closure starts with `model.train()`: the next epoch trains in train mode."""

    def fit_epoch():
        model.train()
        for x, y in loader:
            opt.zero_grad(set_to_none=True)
            F.cross_entropy(model(x), y).backward()
            opt.step()

    def score():
        model.eval()
        with torch.no_grad():
            return sum((model(x).argmax(-1) == y).sum().item() for x, y in val)

    return fit_epoch, score


def make_one_epoch(network, optimizer, batches):
    def one_epoch():
        for inputs, targets in batches:
            optimizer.zero_grad(set_to_none=True)
            F.mse_loss(network(inputs), targets).backward()
            optimizer.step()
        network.eval()
        with torch.no_grad():
            print(sum(network(inputs).mean().item() for inputs, _ in batches))
        network.train()

    return one_epoch


def restoring(loader, val, epochs):
    net = nn.Sequential(nn.Linear(8, 32), nn.Dropout(0.2), nn.Linear(32, 3))
    sgd = torch.optim.SGD(net.parameters(), lr=0.1)
    train_once, check = make_restoring_pair(net, sgd, loader, val)
    for epoch in range(epochs):
        train_once()
        print(epoch, check())


def evaluated_after_the_loop(loader, val, epochs):
    net = nn.Sequential(nn.Linear(8, 32), nn.Dropout(0.2), nn.Linear(32, 3))
    sgd = torch.optim.SGD(net.parameters(), lr=0.1)
    learn, measure = make_training_pair(net, sgd, loader, val)
    for _ in range(epochs):
        learn()
    return measure()


def training_closure_switches_back(loader, val, epochs):
    net = nn.Sequential(nn.Linear(8, 32), nn.Dropout(0.2), nn.Linear(32, 3))
    adam = torch.optim.Adam(net.parameters(), lr=1e-3)
    learn, measure = make_training_pair(net, adam, loader, val)
    history = []
    for _ in range(epochs):
        learn()
        history.append(measure())
    return history


def single_closure_switches_back(batches, epochs):
    net = nn.Sequential(nn.Linear(4, 16), nn.BatchNorm1d(16), nn.Linear(16, 1))
    adam = torch.optim.Adam(net.parameters(), lr=1e-3)
    epoch_fn = make_one_epoch(net, adam, batches)
    done = 0
    while done < epochs:
        epoch_fn()
        done += 1
