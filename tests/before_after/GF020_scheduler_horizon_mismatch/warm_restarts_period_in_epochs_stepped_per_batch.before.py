# CosineAnnealingWarmRestarts with its first period in epochs but stepped every batch (no
# fractional epoch passed to step()): it restarts every few batches.
import torch

optimizer = torch.optim.SGD(net.parameters(), lr=0.05)
scheduler = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(optimizer, T_0=cfg.epochs // 4)
for epoch in range(cfg.epochs):
    for images, labels in loader:
        optimizer.zero_grad()
        loss = criterion(net(images), labels)
        loss.backward()
        optimizer.step()
        scheduler.step()
