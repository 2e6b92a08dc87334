import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(10, 10), nn.ReLU(), nn.Linear(10, 2)).to("cuda")
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)

for x, y in loader:
    with torch.autocast("cuda", dtype=torch.float16):
        scaler = torch.amp.GradScaler("cuda")
        loss = nn.functional.cross_entropy(model(x), y)
    optimizer.zero_grad()
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()
