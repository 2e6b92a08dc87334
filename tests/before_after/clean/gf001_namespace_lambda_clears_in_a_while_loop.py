import types

import torch

net = torch.nn.Linear(4, 1)
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
hooks = types.SimpleNamespace()
hooks.reset = lambda: opt.zero_grad(set_to_none=True)

step = 0
while step < 100:
    hooks.reset()
    x = torch.randn(8, 4)
    net(x).pow(2).mean().backward()
    opt.step()
    step += 1
