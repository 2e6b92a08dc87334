import torch

for p in model.backbone.parameters():
    p.requires_grad = False
optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-3)
for epoch in range(10):
    if epoch == 3:
        for p in model.backbone.parameters():
            p.requires_grad = True
        optimizer.add_param_group({"params": model.backbone.parameters(), "lr": 1e-4})
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
