import torch
from torch import nn

MICRO, WINDOW = 4, 3
weight_decay = 1e-3
net = nn.Linear(5, 1)
opt = torch.optim.SGD(net.parameters(), lr=1e-3)

for epoch in range(2):
    opt.zero_grad(set_to_none=True)
    for micro in range(1, 10):
        x, t = torch.randn(MICRO, 5), torch.randn(MICRO)
        data_term = ((net(x).squeeze(1) - t) ** 2).sum()  # summed over the micro-batch on purpose
        if micro % WINDOW == 0:
            objective = data_term + weight_decay * net.weight.square().sum()  # once per window
        else:
            objective = data_term
        objective.backward()
        if micro % WINDOW == 0:
            opt.step()
            opt.zero_grad(set_to_none=True)
