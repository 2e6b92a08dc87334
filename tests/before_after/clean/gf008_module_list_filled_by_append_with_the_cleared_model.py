# The optimizer is built over a ModuleList whose only member, added by `append`, is the
# network the loop clears: `net.zero_grad()` clears every parameter the optimizer steps.
import sys

import torch
from torch import nn

width = int(sys.argv[1]) if len(sys.argv) > 1 else 16
if width > 8:
    net = nn.Sequential(nn.Linear(10, width), nn.ReLU(), nn.Linear(width, 4))
else:
    net = nn.Linear(10, 4)

trainable = nn.ModuleList()
trainable.append(net)

criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(trainable.parameters(), lr=0.1, momentum=0.9, nesterov=True)
batches = [(torch.randn(5, 10), torch.randint(0, 4, (5,))) for _ in range(6)]

for epoch in range(3):
    for inputs, labels in batches:
        net.zero_grad()
        loss = criterion(net(inputs), labels)
        loss.backward()
        optimizer.step()
