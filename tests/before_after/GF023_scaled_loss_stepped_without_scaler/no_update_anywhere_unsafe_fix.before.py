# The scaler scales the loss but the loop neither steps through it nor updates it: the
# gradients stay 65536 times too large. The fix (stepping through the scaler and adding the
# `update()` a second `scaler.step` needs) is unsafe: no after file.
import torch

model = Net().cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cuda")
for x, y in loader:
    optimizer.zero_grad()
    with torch.autocast("cuda"):
        loss = criterion(model(x), y)
    scaler.scale(loss).backward()
    optimizer.step()
