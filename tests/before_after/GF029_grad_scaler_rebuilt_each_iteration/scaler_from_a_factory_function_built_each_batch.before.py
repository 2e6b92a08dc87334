import torch


def make_scaler(cfg):
    return torch.amp.GradScaler("cuda", enabled=cfg.amp)


def train(cfg, model, optimizer, loader):
    for x, y in loader:
        scaler = make_scaler(cfg)
        optimizer.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16, enabled=cfg.amp):
            loss = torch.nn.functional.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
