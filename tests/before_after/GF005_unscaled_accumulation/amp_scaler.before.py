import torch
from torch.cuda.amp import GradScaler, autocast

model = torch.nn.Linear(8, 2)
optimizer = torch.optim.Adam(model.parameters())
scaler = GradScaler()
ACCUM = 8

for epoch in range(3):
    for it, (x, y) in enumerate(loader):
        with autocast():
            loss = torch.nn.functional.cross_entropy(model(x), y)
        scaler.scale(loss).backward()
        if it % ACCUM == ACCUM - 1 or it == len(loader) - 1:
            scaler.unscale_(optimizer)
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            scaler.step(optimizer)
            scaler.update()
            optimizer.zero_grad()
