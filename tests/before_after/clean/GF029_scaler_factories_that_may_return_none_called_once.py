import torch


def maybe_scaler(use_amp):
    return torch.amp.GradScaler("cuda") if use_amp else None


def off_or_none(use_amp):
    return torch.amp.GradScaler("cuda", enabled=False) if use_amp else None


def scaler_or_config(use_amp, cfg):
    # (not a factory of scalers alone: another object may come back)
    return torch.amp.GradScaler("cuda") if use_amp else cfg.scaler


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


def train_disabled(model, optimizer, loader, use_amp):
    for x, y in loader:
        scaler = off_or_none(use_amp)
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        if scaler is None:
            loss.backward()
            optimizer.step()
        else:
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()


def train_configured(model, optimizer, loader, use_amp, cfg):
    for x, y in loader:
        scaler = scaler_or_config(use_amp, cfg)
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()


def train_switched(model, optimizer, loader, epochs, amp_from):
    # rebuilt when the epoch switches precision: on purpose
    for epoch in range(epochs):
        scaler = maybe_scaler(epoch >= amp_from)
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
