import torch


def maybe_scaler(use_amp):
    return torch.amp.GradScaler("cuda") if use_amp else None


def train(model, optimizer, loader, use_amp):
    scaler = maybe_scaler(use_amp)
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        if scaler is None:
            loss.backward()
            optimizer.step()
        else:
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
