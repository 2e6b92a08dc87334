import torch


def train(model, loader, cfg):
    for epoch in range(cfg.epochs):
        lr = cfg.lr * (0.5 ** (epoch // 10))
        optimizer = torch.optim.Adam(model.parameters(), lr=lr, weight_decay=cfg.wd)
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
