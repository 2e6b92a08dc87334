# `evaluate(encoder, head)` switches its `*modules` to eval mode, and `set_mode(True, encoder,
# head)` at the top of each epoch switches them back: nothing trains in eval mode.
import torch
import torch.nn as nn


def set_mode(training, *modules):
    for module in modules:
        module.train(training)


def evaluate(batches, *modules):
    for module in modules:
        module.eval()
    with torch.no_grad():
        return sum(nn.functional.mse_loss(modules[1](modules[0](x)), y).item() for x, y in batches)


def fit(encoder, head, loader, val_batches, epochs):
    optimizer = torch.optim.Adam([*encoder.parameters(), *head.parameters()], lr=1e-3)
    for epoch in range(epochs):
        set_mode(True, encoder, head)
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.mse_loss(head(encoder(x)), y).backward()
            optimizer.step()
        print(epoch, evaluate(val_batches, encoder, head))
