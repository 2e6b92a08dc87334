import torch
import torch.nn as nn

torch.manual_seed(0)
x, y = torch.randn(64, 4), torch.randint(0, 3, (64,))

model = nn.Sequential(nn.Linear(4, 3), nn.Softmax(dim=1))
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(5):
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()

model = nn.Sequential(nn.Linear(4, 3))  # fixed: logits; its loop below is right
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(5):
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
