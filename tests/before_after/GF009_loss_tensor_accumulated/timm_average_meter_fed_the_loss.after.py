import time

import torch
from timm.utils import AverageMeter


def train_one_epoch(epoch, model, loader, optimizer, loss_fn, log_interval: int = 50):
    batch_time_m = AverageMeter()
    losses_m = AverageMeter()
    model.train()
    end = time.time()
    for batch_idx, (input, target) in enumerate(loader):
        output = model(input)
        loss = loss_fn(output, target)
        losses_m.update(loss.detach(), input.size(0))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        batch_time_m.update(time.time() - end)
        end = time.time()
        if batch_idx % log_interval == 0:
            print(f"Train: {epoch} [{batch_idx}] Loss: {losses_m.val:.4f} ({losses_m.avg:.3f})")
    return losses_m.avg
