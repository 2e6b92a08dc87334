import torch
from torch import nn

net = nn.Linear(6, 2)
opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
batches = [(torch.randn(3, 6), torch.randn(3, 2)) for _ in range(12)]
accum = 3
count = -1
for i, (inputs, targets) in enumerate(batches):
    loss = nn.functional.mse_loss(net(inputs), targets) / accum
    loss.backward()
    if (i + 1) % accum == 0:
        opt.step()
        opt.zero_grad()
    count += 1
    if count % 5 == 0:
        print(count, loss.item())
if (i + 1) % accum != 0:
    opt.step()
    opt.zero_grad()
