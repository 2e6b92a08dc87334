# A LambdaLR whose function decays over the run's batch count (epochs * len(loader)) but is
# stepped once per epoch: after the last epoch the factor is still close to 1.
import math

import torch

total = EPOCHS * len(train_loader)
optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda s: 0.5 * (1 + math.cos(math.pi * s / total)))
for epoch in range(EPOCHS):
    for batch in train_loader:
        loss = model(batch).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    scheduler.step()
