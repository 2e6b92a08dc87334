import torch
from torch import nn

OPTIMIZERS = {"sgd": torch.optim.SGD, "adam": torch.optim.Adam}


def run(loader, epochs=3):
    model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 3))
    optimizer = OPTIMIZERS["sgd"](model.parameters(), lr=0.05)
    for epoch in range(epochs):
        for x, y in loader:
            model.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
    return model


def run_both_cleared(loader, epochs=3):
    enc = nn.Linear(6, 4)
    dec = nn.Linear(4, 3)
    optimizer = OPTIMIZERS["adam"]([*enc.parameters(), *dec.parameters()], lr=1e-3)
    for epoch in range(epochs):
        for x, y in loader:
            enc.zero_grad()
            dec.zero_grad()
            nn.functional.cross_entropy(dec(enc(x)), y).backward()
            optimizer.step()
    return enc, dec
