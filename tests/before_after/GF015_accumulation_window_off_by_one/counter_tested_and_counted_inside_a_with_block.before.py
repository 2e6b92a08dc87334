import torch
from torch import nn

net = nn.Linear(6, 2)
adam = torch.optim.Adam(net.parameters(), lr=1e-3)
micro_batches = [(torch.randn(3, 6), torch.randint(0, 2, (3,))) for _ in range(12)]
GROUP = 3

seen = 0
for features, labels in micro_batches:
    with torch.autocast("cpu", dtype=torch.bfloat16, enabled=False):
        loss = nn.functional.cross_entropy(net(features), labels) / GROUP
        loss.backward()
        if seen % GROUP == 0:
            adam.step()
            adam.zero_grad(set_to_none=True)
        seen += 1
