import torch


def make_scaler(cfg):
    return torch.amp.GradScaler("cuda", enabled=cfg.amp)


def train(cfg, model, optimizer, loader):
    scaler = make_scaler(cfg)
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16, enabled=cfg.amp):
            loss = torch.nn.functional.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
