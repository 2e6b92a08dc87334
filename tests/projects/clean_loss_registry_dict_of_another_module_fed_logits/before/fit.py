# `OBJECTIVES["smooth"]` (objectives.py) is a CrossEntropyLoss, fed the logits.
import torch

from objectives import OBJECTIVES


def fit(net, batches, epochs=2):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for _ in range(epochs):
        for x, y in batches:
            opt.zero_grad()
            loss = OBJECTIVES["smooth"](net(x), y)
            loss.backward()
            opt.step()
