import math

import torch


def train_one_epoch(model, data_loader, optimizer, loss_scaler, accum_iter):
    model.train()
    optimizer.zero_grad()
    for data_iter_step, (samples, targets) in enumerate(data_loader):
        loss = model(samples, targets)
        loss_value = loss.item()
        if not math.isfinite(loss_value):
            raise SystemExit(1)
        loss /= accum_iter
        loss.backward()
        if (data_iter_step + 1) % accum_iter == 0 or data_iter_step + 1 == len(data_loader):
            optimizer.step()
            optimizer.zero_grad()
