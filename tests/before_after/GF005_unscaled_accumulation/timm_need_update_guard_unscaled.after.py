# timm's accumulation shape, `if not need_update: continue` before the step, with each
# micro-batch's full loss backpropagated: every update is `accum_steps` times too large.
import torch.nn.functional as F


def train_one_epoch(model, loader, optimizer, accum_steps):
    model.train()
    last_idx = len(loader) - 1
    optimizer.zero_grad()
    for batch_idx, (x, y) in enumerate(loader):
        last_batch = batch_idx == last_idx
        need_update = last_batch or (batch_idx + 1) % accum_steps == 0
        loss = F.cross_entropy(model(x), y)
        (loss / accum_steps).backward()
        if not need_update:
            continue
        optimizer.step()
        optimizer.zero_grad()
