# The loop's `model.train()` is commented out (it was "debugging"): the baseline evaluation
# before the loop leaves dropout off for all of training. A comment is not a call.
import torch
from torch import nn


def evaluate(model, loader):
    model.eval()
    with torch.no_grad():
        return sum(nn.functional.cross_entropy(model(x), y).item() for x, y in loader) / len(loader)


def fit(model, train_loader, val_loader, epochs=5):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    print("before training:", evaluate(model, val_loader))
    model.train()
    for epoch in range(epochs):
        # model.train()
        for x, y in train_loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
        print(epoch, evaluate(model, val_loader))
        model.train()
