import torch
from torch import nn

net = nn.Sequential(nn.Linear(16, 32), nn.BatchNorm1d(32), nn.ReLU(), nn.Linear(32, 4))
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
train_batches = [(torch.randn(8, 16), torch.randint(0, 4, (8,))) for _ in range(5)]
val_batches = [(torch.randn(8, 16), torch.randint(0, 4, (8,))) for _ in range(2)]

for epoch in range(20):
    if epoch % 5 == 0:
        net.eval()
        with torch.no_grad():
            correct = sum(int((net(x).argmax(1) == y).sum()) for x, y in val_batches)
        print(f"epoch {epoch}: {correct} correct")
    else:
        net.train()
    for x, y in train_batches:
        opt.zero_grad()
        nn.functional.cross_entropy(net(x), y).backward()
        opt.step()
