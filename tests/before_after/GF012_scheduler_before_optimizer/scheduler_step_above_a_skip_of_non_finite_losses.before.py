# The scheduler steps first in each iteration; iterations with a non-finite loss `continue`
# before the optimizer steps. Reported without a fix: moved after the optimizer step, the
# scheduler would skip those iterations too and fall behind its schedule.
import torch
import torch.nn.functional as F


def train(model, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=epochs * len(loader))
    for epoch in range(epochs):
        for x, y in loader:
            scheduler.step()
            loss = F.mse_loss(model(x), y)
            if not torch.isfinite(loss):
                continue
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
