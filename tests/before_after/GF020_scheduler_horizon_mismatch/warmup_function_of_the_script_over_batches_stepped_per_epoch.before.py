"""A warm-up then cosine decay written as a function of the script and handed to LambdaLR: its
body counts optimizer steps (`total_steps = EPOCHS * len(train_loader)`), but the scheduler
steps once per epoch, so the warm-up alone outlasts the run."""
import math

import torch
from torch.optim.lr_scheduler import LambdaLR

EPOCHS = 3
total_steps = EPOCHS * len(train_loader)
warmup_steps = total_steps // 10


def lr_lambda(current_step):
    if current_step < warmup_steps:
        return float(current_step) / float(max(1, warmup_steps))
    progress = float(current_step - warmup_steps) / float(max(1, total_steps - warmup_steps))
    return max(0.0, 0.5 * (1.0 + math.cos(math.pi * progress)))


optimizer = torch.optim.AdamW(model.parameters(), lr=5e-5)
scheduler = LambdaLR(optimizer, lr_lambda)
for epoch in range(EPOCHS):
    for batch in train_loader:
        outputs = model(**batch)
        loss = outputs.loss
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
    scheduler.step()
