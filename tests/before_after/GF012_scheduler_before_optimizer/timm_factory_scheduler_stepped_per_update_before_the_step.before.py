import torch
from timm.scheduler import create_scheduler_v2


def train(model, loader, cfg):
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=0.05)
    lr_scheduler, num_epochs = create_scheduler_v2(
        optimizer,
        sched="cosine",
        num_epochs=cfg.epochs,
        warmup_epochs=cfg.warmup_epochs,
        updates_per_epoch=len(loader),
        step_on_epochs=False,
    )
    step = 0
    for epoch in range(num_epochs):
        for images, labels in loader:
            loss = torch.nn.functional.cross_entropy(model(images), labels)
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            step += 1
            lr_scheduler.step_update(num_updates=step)
            optimizer.step()
        lr_scheduler.step(epoch + 1)
    return model
