import torch
import torch.nn as nn


def fit(model, loader, log):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    scaler = torch.amp.GradScaler("cpu")
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
            loss = nn.functional.cross_entropy(model(x), y)
        scaler.scale(loss).backward()
        grad_norm = nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
        scaler.step(optimizer)
        scaler.update()
        log(step, loss.item(), grad_norm.item())
