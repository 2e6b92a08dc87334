import torch

import loop

net = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2))
optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
history = []
for epoch in range(3):
    batches = [(torch.randn(8, 4), torch.randint(0, 2, (8,))) for _ in range(4)]
    loop.run_epoch(net, optimizer, batches, history)
