import copy

import torch
from torch import nn

net = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 2))
optimizer = torch.optim.AdamW(net.parameters(), lr=1e-3)
train_batches = [(torch.randn(8, 10), torch.randint(0, 2, (8,))) for _ in range(20)]
val_batches = [(torch.randn(8, 10), torch.randint(0, 2, (8,))) for _ in range(5)]
best_loss, best_net = float("inf"), None
for epoch in range(30):
    net.train()
    for x, y in train_batches:
        optimizer.zero_grad()
        nn.functional.cross_entropy(net(x), y).backward()
        optimizer.step()
    net.eval()
    with torch.no_grad():
        val_loss = sum(nn.functional.cross_entropy(net(x), y).item() for x, y in val_batches)
    if val_loss < best_loss:
        best_loss, best_net = val_loss, copy.deepcopy(net)

net = best_net  # training is over: keep the best weights
print("final learning rate", optimizer.param_groups[0]["lr"])
torch.save({"model": net.state_dict(), "optimizer": optimizer.state_dict()}, "checkpoint.pt")
