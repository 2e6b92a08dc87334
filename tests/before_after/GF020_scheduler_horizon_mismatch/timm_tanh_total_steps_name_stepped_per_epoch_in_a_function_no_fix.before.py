import torch
from timm.scheduler.tanh_lr import TanhLRScheduler


def fit(model, train_loader, cfg):
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
    total_steps = cfg.num_epochs * len(train_loader)
    lr_schedule = TanhLRScheduler(optimizer, total_steps, lr_min=cfg.lr / 100)
    for ep in range(cfg.num_epochs):
        model.train()
        for images, targets in train_loader:
            optimizer.zero_grad(set_to_none=True)
            loss = torch.nn.functional.cross_entropy(model(images), targets)
            loss.backward()
            optimizer.step()
        lr_schedule.step(epoch=ep)
    return model
