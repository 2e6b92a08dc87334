import torch

for x, y in loader:
    optimizer.zero_grad()
    with torch.autocast(device_type="cpu"):
        loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
