import torch


def make_scheduler(cfg, optimizer):
    return torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=cfg.epochs)


def train(model, loader, cfg):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    sched = make_scheduler(cfg, optimizer)
    if cfg.sgd:
        optimizer = torch.optim.SGD(model.parameters(), lr=1e-2)
    for _ in range(cfg.epochs):
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
        sched.step()
