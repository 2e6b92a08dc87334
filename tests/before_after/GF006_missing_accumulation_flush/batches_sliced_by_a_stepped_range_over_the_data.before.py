import torch
from torch import nn

BATCH = 16
ACC = 3


def train(net, feats, labels, optim, epochs=4):
    for _ in range(epochs):
        for n, first in enumerate(range(0, len(feats), BATCH)):
            xb, yb = feats[first : first + BATCH], labels[first : first + BATCH]
            (nn.functional.cross_entropy(net(xb), yb) / ACC).backward()
            if (n + 1) % ACC == 0:
                optim.step()
                optim.zero_grad()
