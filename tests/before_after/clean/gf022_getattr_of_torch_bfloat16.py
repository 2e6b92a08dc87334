# `getattr(torch, "bfloat16")` is bfloat16: float32's range, no scaler needed.
import torch

model = Net().cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
for x, y in loader:
    optimizer.zero_grad()
    with torch.autocast("cuda", dtype=getattr(torch, "bfloat16")):
        loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
