import torch

optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=len(loader))
for epoch in range(epochs):
    for i, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
        scheduler.step(epoch + i / len(loader))
