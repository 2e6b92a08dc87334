import torch
from torch import nn

net = nn.Linear(6, 2)
opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
WINDOW = 3


def fit(batches):
    for k, (inputs, labels) in enumerate(batches):
        (nn.functional.cross_entropy(net(inputs), labels) / WINDOW).backward()
        match (k + 1) % WINDOW:
            case 0:
                opt.step()
                opt.zero_grad()
            case 0:
                print("an arm that never runs: the first `case 0:` takes every match")
