# timm's shape of accumulation: `if not need_update: continue` skips the step between windows,
# and the clear is forgotten. The clear goes right after the step: at the top of the iteration
# it would wipe every micro-batch but the last.
import torch.nn.functional as F


def train_one_epoch(model, loader, optimizer, accum_steps):
    model.train()
    last_idx = len(loader) - 1
    for batch_idx, (x, y) in enumerate(loader):
        last_batch = batch_idx == last_idx
        need_update = last_batch or (batch_idx + 1) % accum_steps == 0
        loss = F.cross_entropy(model(x), y) / accum_steps
        loss.backward()
        if not need_update:
            continue
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
