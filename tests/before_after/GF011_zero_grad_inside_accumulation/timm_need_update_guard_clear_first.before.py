# timm's accumulation shape with the clear at the top of every micro-batch, before the
# `if not need_update: continue` guard: each update sees its last micro-batch only.
import torch.nn.functional as F


def train_one_epoch(model, loader, optimizer, accum_steps):
    model.train()
    last_idx = len(loader) - 1
    for batch_idx, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        last_batch = batch_idx == last_idx
        need_update = last_batch or (batch_idx + 1) % accum_steps == 0
        loss = F.cross_entropy(model(x), y) / accum_steps
        loss.backward()
        if not need_update:
            continue
        optimizer.step()
