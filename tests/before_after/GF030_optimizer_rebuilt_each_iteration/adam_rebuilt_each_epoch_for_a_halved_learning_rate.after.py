import torch


def train(model, loader, cfg):
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg.lr * (0.5 ** (0 // 10)), weight_decay=cfg.wd)
    for epoch in range(cfg.epochs):
        lr = cfg.lr * (0.5 ** (epoch // 10))
        for group in optimizer.param_groups:
            group["lr"] = lr
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
