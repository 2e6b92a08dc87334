import math

import torch


def train_one_epoch(model, data_loader, optimizer, device, epoch, loss_scaler, max_norm=None):
    model.train(True)
    total = 0.0
    for data_iter_step, (samples, targets) in enumerate(data_loader):
        samples = samples.to(device, non_blocking=True)
        targets = targets.to(device, non_blocking=True)
        with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
            loss = torch.nn.functional.mse_loss(model(samples), targets)
        if not math.isfinite(loss.item()):
            raise ValueError(f"loss is {loss.item()}, stopping")
        loss_scaler(loss, optimizer, clip_grad=max_norm, parameters=model.parameters())
        total += loss.item()
    return total / max(1, len(data_loader))
