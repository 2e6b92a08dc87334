# A head is added to the network (`add_module`, `append`) after the optimizer was built over
# its parameters: the new layers' parameters are not in the optimizer and never train.
import torch
from torch import nn


def build_and_train(loader, num_classes, epochs):
    backbone = nn.Sequential(nn.Linear(16, 32), nn.ReLU())
    optimizer = torch.optim.SGD(backbone.parameters(), lr=0.1)
    backbone.add_module("head", nn.Linear(32, num_classes))
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(backbone(x), y).backward()
            optimizer.step()


def grow_and_train(loader, epochs):
    layers = nn.Sequential(nn.Linear(16, 32), nn.ReLU())
    optimizer = torch.optim.Adam(layers.parameters(), lr=1e-3)
    layers.append(nn.Linear(32, 2))
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(layers(x), y).backward()
            optimizer.step()
