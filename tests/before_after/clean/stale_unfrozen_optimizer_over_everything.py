import torch

model.backbone.requires_grad_(False)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
for epoch in range(10):
    if epoch == 3:
        model.backbone.requires_grad_(True)
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
