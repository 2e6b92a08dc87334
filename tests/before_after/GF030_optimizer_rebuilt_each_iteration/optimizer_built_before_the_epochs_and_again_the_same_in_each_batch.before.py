import torch
from torch import nn

model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 3))
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
data = [(torch.randn(16, 10), torch.randint(0, 3, (16,))) for _ in range(4)]
log = []
for epoch in range(2):
    for x, y in data:
        opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
        opt.zero_grad()
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        log.append(loss.item())
