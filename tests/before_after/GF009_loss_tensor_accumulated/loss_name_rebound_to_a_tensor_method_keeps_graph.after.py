import torch
from torch import nn

model = nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
total = 0
for step in range(10):
    optimizer.zero_grad()
    loss = ((model(torch.randn(4, 3)) - 1) ** 2).mean()
    loss.backward()
    optimizer.step()
    loss = loss.cpu().float()  # still the graph's tensor: nothing detaches it
    total += loss.detach()
