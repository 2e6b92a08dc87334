import torch
import torch.nn.functional as F
from torch import nn


def train(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    # the old layers, and a new one the optimizer does not hold
    layers = list(model.classifier.children())
    layers.append(nn.Linear(8, 3))
    model.classifier = nn.Sequential(*layers)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            F.cross_entropy(model(x), y).backward()
            optimizer.step()


def fine_tune(net, batches, max_steps):
    optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
    # the trimmed body keeps its layers, but the new last layer is not in the optimizer
    net.features = nn.Sequential(*list(net.features)[:-1], nn.Linear(8, 8))
    step = 0
    while step < max_steps:
        x, y = batches[step % len(batches)]
        optimizer.zero_grad()
        F.cross_entropy(net(x), y).backward()
        optimizer.step()
        step += 1
