import functools

import torch
from torch import nn


def fit_batch(network, solver, criterion, features, labels):
    solver.zero_grad()
    probabilities = network(features)
    loss = criterion(probabilities, labels)
    loss.backward()
    solver.step()
    return loss.item()


def main():
    network = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 4))
    solver = torch.optim.Adam(network.parameters(), lr=1e-3)
    update = functools.partial(fit_batch, network, solver, nn.CrossEntropyLoss(label_smoothing=0.1))
    step = 0
    while step < 20:
        update(torch.randn(8, 6), torch.randint(0, 4, (8,)))
        step += 1


if __name__ == "__main__":
    main()
