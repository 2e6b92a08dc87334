# timm's accumulation shape done right: divided losses, the clear after the step, the last
# batch closing a window of its own.
import torch.nn.functional as F


def train_one_epoch(model, loader, optimizer, accum_steps):
    model.train()
    last_idx = len(loader) - 1
    optimizer.zero_grad()
    for batch_idx, (x, y) in enumerate(loader):
        last_batch = batch_idx == last_idx
        need_update = last_batch or (batch_idx + 1) % accum_steps == 0
        loss = F.cross_entropy(model(x), y) / accum_steps
        loss.backward()
        if not need_update:
            continue
        optimizer.step()
        optimizer.zero_grad()
