import torch


def train(model, loader, accum):
    optimizer = torch.optim.AdamW(model.parameters())
    scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=1e-3, total_steps=10000)
    for i, batch in enumerate(loader):
        loss = model(batch) / accum
        loss.backward()
        if (i + 1) % accum == 0:
            scheduler.step()
            optimizer.step()
            optimizer.zero_grad()
