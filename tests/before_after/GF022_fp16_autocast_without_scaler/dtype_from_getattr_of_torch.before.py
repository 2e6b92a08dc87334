# The autocast's dtype is looked up on `torch` by a constant name: `getattr(torch, "float16")`
# is float16, and no loss scaling is written anywhere in the file.
import torch

HALF = "float16"
model = Net().cuda()
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
for x, y in loader:
    optimizer.zero_grad()
    with torch.autocast(device_type="cuda", dtype=getattr(torch, HALF)):
        loss = criterion(model(x.cuda()), y.cuda())
    loss.backward()
    optimizer.step()
