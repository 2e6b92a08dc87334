import torch
from torch.nn import functional as F

from meters import SmoothedLoss

model = torch.nn.Linear(4, 4)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [(torch.randn(2, 4), torch.randn(2, 4)) for _ in range(5)]
smooth = SmoothedLoss()
shown = 0.0
for epoch in range(10):
    for x, y in batches:
        optimizer.zero_grad()
        loss = F.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        shown += smooth(loss)
    print(epoch, shown)
