import torch
from torch import nn

net = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))
weights = net.parameters()
make_opt = lambda group, rate: torch.optim.AdamW(group, lr=rate)
make_opt = lambda group, rate: torch.optim.AdamW(list(net.parameters()), lr=rate)
first = make_opt(weights, 1e-3)
second = make_opt(weights, 1e-4)
