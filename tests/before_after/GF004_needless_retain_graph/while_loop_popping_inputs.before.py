import torch
from torch import nn

net = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(net.parameters(), lr=0.05)
for epoch in range(20):
    optimizer.zero_grad()
    chunks = list(torch.randn(32, 3).split(8))
    while chunks:
        chunk = chunks.pop()
        loss = net(chunk).pow(2).mean()
        loss.backward(retain_graph=True)
    optimizer.step()
