import torch
from torch.cuda.amp import GradScaler, autocast


def train_epoch(model, loader, optimizer, accum_steps):
    scaler = GradScaler()
    for i, (x, y) in enumerate(loader):
        optimizer.zero_grad(set_to_none=True)
        with autocast():
            loss = torch.nn.functional.cross_entropy(model(x), y) / accum_steps
        scaler.scale(loss).backward()
        if (i + 1) % accum_steps == 0 or i + 1 == len(loader):
            scaler.unscale_(optimizer)
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            scaler.step(optimizer)
            scaler.update()
