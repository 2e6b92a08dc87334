import torch


def apply_update(model, optimizer):
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    optimizer.step()
    optimizer.zero_grad()


def train(model, optimizer, loader, accum_steps):
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x), y)
        (loss / accum_steps).backward()
        if (i + 1) % accum_steps == 0:
            apply_update(model, optimizer)
    # the micro-batches of an incomplete last window
    if (i + 1) % accum_steps != 0:
        apply_update(model, optimizer)
