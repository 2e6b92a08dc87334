import torch


def run_epoch(loader, encoder, opt, epoch):
    for x, y in loader:
        opt.zero_grad()
        encoder(x).sum().backward()
        opt.step()


def main(cfg, loader, encoder):
    params = [p for p in encoder.parameters() if p.requires_grad]
    lr = cfg.lr
    for epoch in range(cfg.epochs):
        optimizer = torch.optim.Adam(params, lr=lr, betas=(0.5, 0.999))
        run_epoch(loader, encoder, optimizer, epoch)
        if lr > cfg.lr / 10.0:
            lr *= 0.98
