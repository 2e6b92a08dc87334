import torch
from torch import nn


def train(model, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    steps_per_epoch = len(loader)
    max_steps = epochs * steps_per_epoch
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=max_steps)
    batches = iter(loader)
    for step in range(max_steps):
        epoch, i = divmod(step, steps_per_epoch)
        try:
            x, y = next(batches)
        except StopIteration:
            batches = iter(loader)
            x, y = next(batches)
        optimizer.zero_grad(set_to_none=True)
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        if i == steps_per_epoch - 1:
            scheduler.step()
            print(f"epoch {epoch}: {loss.item():.4f}")
