"""Gradient surgery, not a mistake: the iteration logs the gradient norm with `.sqrt()`, copies
the gradients out, clears, and writes a changed gradient back before the step, which applies
the written gradients."""
import torch
import torch.nn.functional as F
from torch import nn

net = nn.Linear(5, 2)
sgd = torch.optim.SGD(net.parameters(), lr=0.02)
history = []
for inputs, targets in [(torch.randn(8, 5), torch.randn(8, 2)) for _ in range(4)]:
    F.mse_loss(net(inputs), targets).backward()
    with torch.no_grad():
        history.append(sum(p.grad.norm() ** 2 for p in net.parameters()).sqrt().item())
        saved = [p.grad.abs().sqrt() * p.grad.sign() for p in net.parameters()]
        net.zero_grad()
        for p, g in zip(net.parameters(), saved):
            p.grad = g.clone()
    sgd.step()
