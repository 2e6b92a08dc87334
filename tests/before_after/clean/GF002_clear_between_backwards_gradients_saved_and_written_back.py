# The first loss's gradients are copied out before the clear and added back before the step
# (a gradient-surgery shape): the clear is deliberate.
import torch
from torch import nn

model = nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for x, y in loader:
    opt.zero_grad()
    nn.functional.cross_entropy(model(x), y).backward()
    saved = [p.grad.clone() for p in model.parameters()]
    opt.zero_grad()
    model(x).pow(2).mean().backward()
    for p, g in zip(model.parameters(), saved):
        p.grad += g
    opt.step()
