import torch
from torch import nn

from steps import STEPS

model = nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
loader = [(torch.randn(8, 4), torch.randn(8, 2))] * 4
for epoch in range(3):
    for batch in loader:
        opt.zero_grad()
        STEPS["sup"](model, opt, batch)
