# The dtype comes from a config entry gradfix cannot read (it may well be bfloat16).
import torch

cfg = load_config()
model = Net().cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
for x, y in loader:
    optimizer.zero_grad()
    with torch.autocast("cuda", dtype=cfg["dtype"]):
        loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
