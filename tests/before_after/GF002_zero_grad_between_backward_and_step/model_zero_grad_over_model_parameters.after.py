import torch
from torch import nn, optim

net = nn.Sequential(nn.Linear(784, 128), nn.ReLU(), nn.Linear(128, 10))
opt = optim.SGD(net.parameters(), lr=0.1, momentum=0.9)


def epoch(loader):
    for images, labels in loader:
        net.zero_grad()
        logits = net(images.view(images.size(0), -1))
        loss = nn.functional.cross_entropy(logits, labels)
        loss.backward()
        opt.step()
