import torch

optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
total = epochs * len(loader)
scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=total)
for epoch in range(epochs):
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
        scheduler.step()
