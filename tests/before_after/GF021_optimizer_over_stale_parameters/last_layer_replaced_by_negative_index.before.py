import torch
from torch import nn


def build_and_train(loader, num_classes):
    net = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 10))
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    if num_classes != 10:
        net[-1] = nn.Linear(64, num_classes)
    for x, y in loader:
        opt.zero_grad(set_to_none=True)
        nn.functional.cross_entropy(net(x), y).backward()
        opt.step()
