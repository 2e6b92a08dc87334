# Weight normalisation applied after the optimizer was built replaces `weight` by two new
# parameters (`original0`/`original1`): the optimizer keeps stepping the old `weight`,
# which the layer no longer reads.
import torch
from torch import nn
from torch.nn.utils.parametrizations import weight_norm

net = nn.Sequential(nn.Linear(20, 40), nn.ReLU(), nn.Linear(40, 2))
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
weight_norm(net[0])
for x, y in data:
    opt.zero_grad()
    nn.functional.cross_entropy(net(x), y).backward()
    opt.step()
