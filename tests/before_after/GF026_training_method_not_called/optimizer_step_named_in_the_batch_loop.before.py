import torch
from torch import nn

net = nn.Linear(16, 4)
optim = torch.optim.AdamW(net.parameters(), lr=3e-4)
data = [(torch.randn(32, 16), torch.randint(0, 4, (32,))) for _ in range(10)]

for epoch in range(5):
    total = 0.0
    for inputs, labels in data:
        optim.zero_grad()
        loss = nn.functional.cross_entropy(net(inputs), labels)
        loss.backward()
        optim.step  # the update
        total += loss.item()
    print(epoch, total)
