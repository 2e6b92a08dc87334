import torch
from torch.optim.lr_scheduler import CosineAnnealingLR

EPOCHS = 30
optimizer = torch.optim.SGD(net.parameters(), lr=0.05)
scheduler = CosineAnnealingLR(optimizer, T_max=EPOCHS)
for epoch in range(EPOCHS):
    for images, labels in loader:
        optimizer.zero_grad()
        loss = criterion(net(images), labels)
        loss.backward()
        optimizer.step()
        scheduler.step()
