import torch
from torch import nn


def fit(net, batches, steps=100, wd=0.01):
    skip = ("bias", "norm.")
    param_groups = [
        {"params": [p for n, p in net.named_parameters() if not any(s in n for s in skip)], "weight_decay": wd},
        {"params": [p for n, p in net.named_parameters() if any(s in n for s in skip)], "weight_decay": 0.0},
    ]
    opt = torch.optim.AdamW(param_groups, lr=3e-4)
    done = 0
    while done < steps:
        for batch in batches:
            out = net(**batch)
            out.loss.backward()
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)
            net.zero_grad()
            opt.step()
            done += 1
    return net
