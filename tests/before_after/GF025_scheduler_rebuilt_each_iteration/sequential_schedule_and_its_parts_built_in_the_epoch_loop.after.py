# A SequentialLR and its two parts, all three built again in the epoch loop: the warm-up starts
# over every epoch and the cosine part is never reached.
import torch
from torch.optim.lr_scheduler import CosineAnnealingLR, LinearLR, SequentialLR

EPOCHS = 20
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
warmup = LinearLR(optimizer, start_factor=0.1, total_iters=3)
cosine = CosineAnnealingLR(optimizer, T_max=EPOCHS - 3)
scheduler = SequentialLR(optimizer, schedulers=[warmup, cosine], milestones=[3])
for epoch in range(EPOCHS):
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
    scheduler.step()
