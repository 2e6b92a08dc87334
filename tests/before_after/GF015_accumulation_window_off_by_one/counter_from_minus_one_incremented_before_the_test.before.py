import torch
from torch import nn

net = nn.Linear(6, 2)
opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
batches = [(torch.randn(3, 6), torch.randn(3, 2)) for _ in range(12)]
accum = 3
step = -1
for inputs, targets in batches:
    step += 1
    loss = nn.functional.mse_loss(net(inputs), targets) / accum
    loss.backward()
    if step % accum == 0:
        opt.step()
        opt.zero_grad()
