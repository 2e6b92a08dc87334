import torch
from torch.cuda.amp import GradScaler, autocast


def train_epoch(model, loader, optimizer, scaler: GradScaler, accum_iter):
    model.train()
    data_iter_step = -1  # the flush after the loop reads it, also when the loop runs no batch
    for data_iter_step, (samples, targets) in enumerate(loader):
        with autocast():
            loss = model(samples, targets)
        loss /= accum_iter
        scaler.scale(loss).backward()
        if (data_iter_step + 1) % accum_iter == 0:
            # unscale first so that clipping sees the true gradients
            scaler.unscale_(optimizer)
            torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
            scaler.step(optimizer)
            scaler.update()
            optimizer.zero_grad(set_to_none=True)

    # the last micro-batches did not fill a whole window: step on them too
    if (data_iter_step + 1) % accum_iter != 0:
        # unscale first so that clipping sees the true gradients
        scaler.unscale_(optimizer)
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad(set_to_none=True)
