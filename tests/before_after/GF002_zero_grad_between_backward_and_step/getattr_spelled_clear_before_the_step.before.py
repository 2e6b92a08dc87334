"""The clear spelled `getattr(opt, "zero_grad")()` between the backward and the step wipes
what the step applies (reported; no fix is offered for the spelled call)."""
import torch
from torch import nn

net = nn.Linear(3, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
for inputs, targets in [(torch.randn(2, 3), torch.randn(2, 1))] * 4:
    loss = nn.functional.mse_loss(net(inputs), targets)
    loss.backward()
    getattr(opt, "zero_grad")()
    opt.step()
