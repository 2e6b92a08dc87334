import torch.nn.functional as F


def maybe_update(optimizer, seen, accum):
    if seen % accum == 0:
        optimizer.step()
        optimizer.zero_grad()


def run_epoch(regressor, optimizer, batches, accum):
    seen = 0
    for inputs, targets in batches:
        seen += 1
        loss = F.smooth_l1_loss(regressor(inputs), targets) / accum
        loss.backward()
        maybe_update(optimizer, seen, accum)
    if seen % accum:
        optimizer.step()
        optimizer.zero_grad()


def averaged_update(model, optimizer, seen, accum):
    if seen % accum == 0:
        for p in model.parameters():
            p.grad /= accum
        optimizer.step()
        optimizer.zero_grad()


def run_averaged(model, optimizer, batches, accum):
    seen = 0
    for inputs, targets in batches:
        seen += 1
        loss = F.smooth_l1_loss(model(inputs), targets)
        loss.backward()
        averaged_update(model, optimizer, seen, accum)
    if seen % accum:
        optimizer.step()
        optimizer.zero_grad()
