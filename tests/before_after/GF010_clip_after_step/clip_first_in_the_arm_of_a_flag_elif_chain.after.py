import torch
from torch import nn


def train(net, opt, batches, mode, max_norm=1.0):
    for x, y in batches:
        if mode == "frozen":
            with torch.no_grad():
                feats = net[0](x)
            loss = nn.functional.cross_entropy(net[1](feats), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        elif mode == "full":
            opt.zero_grad()
            loss = nn.functional.cross_entropy(net(x), y)
            loss.backward()
            nn.utils.clip_grad_value_(net.parameters(), max_norm)
            opt.step()
