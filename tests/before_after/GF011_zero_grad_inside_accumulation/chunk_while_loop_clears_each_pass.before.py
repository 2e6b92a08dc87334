import torch
from torch import nn


def fit(loader, net, optimizer, chunk):
    for inputs, targets in loader:
        start = 0
        while start < inputs.size(0):
            optimizer.zero_grad()
            part = slice(start, start + chunk)
            loss = nn.functional.cross_entropy(net(inputs[part]), targets[part])
            (loss * inputs[part].size(0) / inputs.size(0)).backward()
            start += chunk
        optimizer.step()
