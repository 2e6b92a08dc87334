import torch

for x, y in loader:
    optimizer.zero_grad()
    with torch.autocast(device_type="cuda", dtype=torch.float16, enabled=False):
        loss = criterion(model(x), y)
    with torch.autocast(device_type="cuda", dtype=amp_dtype):
        loss = loss + criterion(model(x), y)
    loss.backward()
    optimizer.step()
