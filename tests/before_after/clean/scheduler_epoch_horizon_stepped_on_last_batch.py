# Correct: an epoch-counted schedule stepped inside the batch loop, but only on its last batch
# (once per epoch). GF020 must not read this as a per-batch step.
import torch
from torch import nn

model = nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=epochs)
epochs = 20
loader = [(torch.randn(8, 4), torch.randn(8, 2)) for _ in range(5)]

for epoch in range(epochs):
    for i, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        if i == len(loader) - 1:
            scheduler.step()
