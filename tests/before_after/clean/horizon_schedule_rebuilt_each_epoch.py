import torch

optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(epochs):
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=len(loader))
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
        scheduler.step()
