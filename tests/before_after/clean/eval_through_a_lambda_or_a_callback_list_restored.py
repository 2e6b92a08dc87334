"""Evaluation through a lambda and through a list of callbacks, each restoring the mode: the
lambda's function switches back to train mode itself, the callback loop is followed by
`model.train()`, and a list of callbacks that never evaluate. Nothing to report."""
import torch


def evaluate_and_restore(model, loader):
    model.eval()
    with torch.no_grad():
        score = sum(model(x).sum().item() for x, _ in loader)
    model.train()
    return score


def evaluate(model, loader):
    model.eval()
    with torch.no_grad():
        return sum(model(x).sum().item() for x, _ in loader)


def log_loss(model, loader):
    print(len(loader))


def train(model, train_loader, val_loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    validate = lambda: evaluate_and_restore(model, val_loader)
    callbacks = [log_loss, evaluate]
    quiet = [log_loss]
    model.train()
    for epoch in range(epochs):
        for x, y in train_loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
        validate()
        for cb in quiet:
            cb(model, val_loader)
        for cb in callbacks:
            cb(model, val_loader)
        model.train()
