import torch
import torch.nn as nn

optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
pretrain(model, optimizer)
model.head = nn.Linear(256, num_classes)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
for x, y in loader:
    optimizer.zero_grad()
    nn.functional.cross_entropy(model(x), y).backward()
    optimizer.step()
