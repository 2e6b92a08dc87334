import torch


def train_one_epoch(model, criterion, loader, optimizer, loss_scaler, max_norm=1.0):
    model.train()
    for samples, targets in loader:
        with torch.autocast("cuda", dtype=torch.float16):
            loss = criterion(model(samples), targets)
        optimizer.zero_grad(set_to_none=True)
        loss_scaler.scale(loss).backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
        loss_scaler.step(optimizer)
        loss_scaler.update()
