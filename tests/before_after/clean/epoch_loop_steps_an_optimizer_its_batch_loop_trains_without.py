import torch
from torch import nn

model = nn.Linear(6, 1)
head = nn.Linear(1, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.01)
head_opt = torch.optim.SGD(head.parameters(), lr=0.01)
loader = [torch.randn(4, 6) for _ in range(3)]
for epoch in range(3):
    for x in loader:
        opt.zero_grad()
        model(x).mean().backward()
        opt.step()
    head_opt.step()
