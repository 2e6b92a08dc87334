import torch
from torch import nn

USE_AMP = False  # float16 autocast is off in this configuration

model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4)).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
batches = [(torch.randn(8, 16).cuda(), torch.randint(0, 4, (8,)).cuda()) for _ in range(10)]
for epoch in range(5):
    for x, y in batches:
        optimizer.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16, enabled=USE_AMP):
            loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        with torch.autocast("cuda", dtype=torch.float16):  # a cheaper forward for the log
            accuracy = (model(x).argmax(dim=1) == y).float().mean().item()
    print(epoch, loss.item(), accuracy)
