import torch
import torch.nn as nn
import torch.nn.functional as F

MODE = "train"


def train_step(net, optimizer, xb, yb):
    loss = F.cross_entropy(net(xb), yb)
    loss.backward()
    optimizer.step()
    return loss.item()


def eval_step(net, optimizer, xb, yb):
    with torch.no_grad():
        return F.cross_entropy(net(xb), yb).item()


STEPS = {"train": train_step, "eval": eval_step}


def fit(net, batches, epochs=3):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    for epoch in range(epochs):
        for xb, yb in batches:
            value = STEPS[MODE](net, optimizer, xb, yb)
        print(epoch, value)
    return net
