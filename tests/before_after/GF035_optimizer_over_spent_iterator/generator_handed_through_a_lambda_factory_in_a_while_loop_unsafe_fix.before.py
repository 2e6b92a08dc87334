import torch
from torch import nn

net = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))
trainable = (p for p in net.parameters() if p.requires_grad)
make_opt = lambda group, rate: torch.optim.AdamW(group, lr=rate)
batches = [(torch.randn(4, 8), torch.randint(0, 2, (4,))) for _ in range(5)]
epoch = 0
while epoch < 3:
    optimizer = make_opt(trainable, 1e-3 * 0.5**epoch)
    for xb, yb in batches:
        optimizer.zero_grad(set_to_none=True)
        nn.functional.cross_entropy(net(xb), yb).backward()
        optimizer.step()
    epoch += 1
