import torch
from torch import nn

model = nn.Linear(3, 1)
opts = {p: torch.optim.SGD([p], lr=0.01) for p in model.parameters()}


def after_accumulate(p):
    opts[p].step()


for p in model.parameters():
    p.register_post_accumulate_grad_hook(after_accumulate)

for x, y in [(torch.randn(2, 3), torch.randn(2, 1))] * 10:
    model.zero_grad()
    ((model(x) - y) ** 2).sum().backward()
