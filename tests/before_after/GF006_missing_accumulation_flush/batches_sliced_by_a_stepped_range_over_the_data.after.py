import torch
from torch import nn

BATCH = 16
ACC = 3


def train(net, feats, labels, optim, epochs=4):
    for _ in range(epochs):
        n = -1  # the flush after the loop reads it, also when the loop runs no batch
        for n, first in enumerate(range(0, len(feats), BATCH)):
            xb, yb = feats[first : first + BATCH], labels[first : first + BATCH]
            (nn.functional.cross_entropy(net(xb), yb) / ACC).backward()
            if (n + 1) % ACC == 0:
                optim.step()
                optim.zero_grad()

        # the last micro-batches did not fill a whole window: step on them too
        if (n + 1) % ACC != 0:
            optim.step()
            optim.zero_grad()
