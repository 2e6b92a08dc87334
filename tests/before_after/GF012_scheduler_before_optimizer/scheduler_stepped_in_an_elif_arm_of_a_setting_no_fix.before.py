import torch


def train(cfg, model, loader):
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=cfg.epochs)
    for epoch in range(cfg.epochs):
        if cfg.schedule == "constant":
            pass
        elif cfg.schedule == "cosine":
            scheduler.step()
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
