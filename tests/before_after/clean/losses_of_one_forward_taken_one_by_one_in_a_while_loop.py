import torch
from torch import nn

net = nn.Sequential(nn.Linear(3, 16), nn.Tanh(), nn.Linear(16, 2))
optimizer = torch.optim.Adam(net.parameters(), lr=1e-2)
for x in [torch.randn(8, 3) for _ in range(50)]:
    optimizer.zero_grad()
    out = net(x)
    pending = [out[:, 0].mean(), out[:, 1].pow(2).mean()]
    while pending:
        part = pending.pop(0)
        part.backward(retain_graph=True)
    optimizer.step()

for x in [torch.randn(8, 3) for _ in range(50)]:
    optimizer.zero_grad()
    out = net(x)
    heads = iter([out[:, 0].abs().mean(), out[:, 1].abs().mean()])
    while True:
        try:
            term = next(heads)
        except StopIteration:
            break
        term.backward(retain_graph=True)
    optimizer.step()
