import torch
from torch import nn


def train(net, batches, settings):
    optim = torch.optim.AdamW(net.parameters(), lr=1e-3)
    accum = settings["accum"]
    micro = 0
    for epoch in range(settings["epochs"]):
        for features, labels in batches:
            loss = nn.functional.cross_entropy(net(features), labels) / accum
            loss.backward()
            micro += 1
            if micro == accum:
                optim.step()
                optim.zero_grad()
                micro = 0
    if micro:
        optim.step()
        optim.zero_grad()
    return net
