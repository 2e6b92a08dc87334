import torch
import torch.nn as nn


def train(net, shards, rounds):
    optim = torch.optim.SGD(net.parameters(), lr=0.02)
    for _ in range(rounds):
        stream = iter(shards)
        k = -1
        while True:
            try:
                inputs, labels = next(stream)
            except StopIteration:
                break
            k += 1
            loss = nn.functional.cross_entropy(net(inputs), labels) / len(shards)
            loss.backward()
            if k == len(shards) - 1:
                optim.step()
                optim.zero_grad()
    return net
