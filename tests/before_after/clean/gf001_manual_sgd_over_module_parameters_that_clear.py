# Hand-written SGD steps over a module's parameters that clear what they apply: `.zero_()`
# after the update, `p.grad = None`, `net.zero_grad()` before the backward, an optimizer's clear.
import torch
import torch.nn as nn
import torch.nn.functional as F

net = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 2))
batches = [(torch.randn(8, 6), torch.randint(0, 2, (8,))) for _ in range(20)]
learning_rate = 0.02

for inputs, targets in batches:
    loss = F.cross_entropy(net(inputs), targets)
    loss.backward()
    with torch.no_grad():
        for param in net.parameters():
            param -= learning_rate * param.grad
            param.grad.zero_()

for inputs, targets in batches:
    loss = F.cross_entropy(net(inputs), targets)
    loss.backward()
    with torch.no_grad():
        for param in net.parameters():
            param -= learning_rate * param.grad
            param.grad = None

for inputs, targets in batches:
    net.zero_grad()
    loss = F.cross_entropy(net(inputs), targets)
    loss.backward()
    with torch.no_grad():
        for param in net.parameters():
            param.sub_(learning_rate * param.grad)

sgd = torch.optim.SGD(net.parameters(), lr=learning_rate)
for inputs, targets in batches:
    sgd.zero_grad(set_to_none=True)
    loss = F.cross_entropy(net(inputs), targets)
    loss.backward()
    with torch.no_grad():
        for param in net.parameters():
            param -= learning_rate * param.grad
