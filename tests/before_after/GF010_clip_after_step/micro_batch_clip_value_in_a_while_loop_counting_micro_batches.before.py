import torch
from torch.nn.utils import clip_grad_value_

net = torch.nn.Linear(10, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
ACCUMULATE = 8
batches = iter(stream())
seen = 0
while seen < 8000:
    x, y = next(batches)
    (torch.nn.functional.mse_loss(net(x), y) / ACCUMULATE).backward()
    clip_grad_value_(net.parameters(), 0.5)
    seen += 1
    if seen % ACCUMULATE == 0:
        opt.step()
        opt.zero_grad()
