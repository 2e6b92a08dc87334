import torch


def run_epoch(loader, encoder, opt, epoch):
    for x, y in loader:
        opt.zero_grad()
        encoder(x).sum().backward()
        opt.step()


def reset_each(cfg, loader, encoder):
    lr = cfg.lr
    for epoch in range(cfg.epochs):
        optimizer = torch.optim.Adam(encoder.parameters(), lr=lr)
        run_epoch(loader, encoder, optimizer, epoch)
        lr = cfg.lrs[epoch]


def kept(cfg, loader, encoder):
    lr = cfg.lr
    optimizer = torch.optim.Adam(encoder.parameters(), lr=lr)
    for epoch in range(cfg.epochs):
        run_epoch(loader, encoder, optimizer, epoch)
        lr *= 0.98
        for group in optimizer.param_groups:
            group["lr"] = lr


def constant(cfg, loader, encoder):
    for epoch in range(cfg.epochs):
        optimizer = torch.optim.Adam(encoder.parameters(), lr=cfg.lr)
        run_epoch(loader, encoder, optimizer, epoch)
