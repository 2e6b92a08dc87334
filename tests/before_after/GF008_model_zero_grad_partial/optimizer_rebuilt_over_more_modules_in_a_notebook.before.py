# %%
import torch
from torch import nn

backbone = nn.Sequential(nn.Linear(10, 32), nn.ReLU())
optimizer = torch.optim.SGD(backbone.parameters(), lr=0.1)

# %% add a head and train both
head = nn.Linear(32, 2)
optimizer = torch.optim.SGD(list(backbone.parameters()) + list(head.parameters()), lr=0.1)
data = [(torch.randn(8, 10), torch.randint(0, 2, (8,))) for _ in range(4)]
for x, y in data:
    backbone.zero_grad()
    loss = nn.functional.cross_entropy(head(backbone(x)), y)
    loss.backward()
    optimizer.step()
