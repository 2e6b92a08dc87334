import torch

optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=200)
warm = torch.optim.lr_scheduler.LinearLR(optimizer, start_factor=0.1, total_iters=cfg.warmup)
for epoch in range(200):
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
        warm.step()
    scheduler.step()
