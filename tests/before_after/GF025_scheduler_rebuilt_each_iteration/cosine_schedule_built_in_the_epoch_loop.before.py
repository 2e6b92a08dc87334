import torch
import torch.nn.functional as F
from torch.optim.lr_scheduler import CosineAnnealingLR

model = torch.nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = [(torch.randn(8, 4), torch.randn(8, 2)) for _ in range(3)]
epochs = 5
for epoch in range(epochs):
    # the schedule over all epochs
    scheduler = CosineAnnealingLR(optimizer, T_max=epochs)
    for x, y in loader:
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()
    scheduler.step()
