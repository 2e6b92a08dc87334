import torch
from torch import nn

encoder = nn.Sequential(nn.Linear(6, 12), nn.ReLU())
adapter = nn.Linear(12, 3)
opt = torch.optim.Adam(encoder.parameters(), lr=1e-3)
opt = torch.optim.Adam(
    [{"params": encoder.parameters()}, {"params": adapter.parameters(), "lr": 1e-2}],
    lr=1e-3,
)
steps = 0
while steps < 20:
    inputs, labels = torch.randn(4, 6), torch.randint(0, 3, (4,))
    encoder.zero_grad()
    loss = nn.functional.cross_entropy(adapter(encoder(inputs)), labels)
    loss.backward()
    opt.step()
    steps += 1
