import torch.nn.functional as F


def maybe_update(optimizer, seen, accum):
    if seen % accum == 0:
        optimizer.step()
        optimizer.zero_grad()


def run_epoch(regressor, optimizer, batches, accum):
    seen = 0
    for inputs, targets in batches:
        seen += 1
        loss = F.smooth_l1_loss(regressor(inputs), targets)
        (loss / accum).backward()
        maybe_update(optimizer, seen, accum)
    if seen % accum:
        optimizer.step()
        optimizer.zero_grad()
