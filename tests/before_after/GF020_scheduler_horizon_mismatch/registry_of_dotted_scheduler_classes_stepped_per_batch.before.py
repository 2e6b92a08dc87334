# The scheduler comes from a registry whose entries are written through the module
# (`lr_scheduler.CosineAnnealingLR`), picked by a constant key: its horizon counts epochs, and
# it steps every batch.
import torch
from torch import nn
from torch.optim import lr_scheduler

EPOCHS = 10
SCHEDULES = {"cosine": lr_scheduler.CosineAnnealingLR, "step": lr_scheduler.StepLR}

model = nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
schedule = SCHEDULES["cosine"](optimizer, T_max=EPOCHS)
batches = [(torch.randn(8, 4), torch.randint(0, 2, (8,))) for _ in range(5)]
for epoch in range(EPOCHS):
    for inputs, targets in batches:
        optimizer.zero_grad()
        nn.functional.cross_entropy(model(inputs), targets).backward()
        optimizer.step()
        schedule.step()
