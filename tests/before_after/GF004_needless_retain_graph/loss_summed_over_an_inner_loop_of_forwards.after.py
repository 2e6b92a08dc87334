import torch
from torch import nn

net = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1))
opt = torch.optim.Adam(net.parameters(), lr=5e-3)
windows = [(torch.randn(10, 3), torch.randn(10, 1)) for _ in range(4)]

for epoch in range(5):
    total = 0.0
    for inputs, targets in windows:
        outputs = net(inputs)
        total = total + ((outputs - targets) ** 2).mean()
    opt.zero_grad(set_to_none=True)
    total.backward()
    opt.step()
