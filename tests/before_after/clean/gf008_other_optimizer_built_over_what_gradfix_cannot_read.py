import torch
from torch import nn

net = nn.Linear(3, 3)
head = nn.Linear(3, 1)
opt = torch.optim.SGD(list(net.parameters()) + list(head.parameters()), lr=0.1)
aux_opt = torch.optim.SGD(collect_parameters(), lr=0.1)  # may hold the head's parameters

for x, y in loader:
    aux_opt.zero_grad()
    net.zero_grad()
    ((head(net(x)) - y) ** 2).mean().backward()
    opt.step()
    aux_opt.step()
