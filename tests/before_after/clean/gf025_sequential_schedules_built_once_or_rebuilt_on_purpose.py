"""SequentialLR and ChainedScheduler that are not rebuilt by mistake: built once before the loop;
rebuilt per fold with the fold's own optimizer; rebuilt with milestones read from the epoch; and
one whose warm-up part is also stepped by itself in the loop (not only through the composite)."""
import torch
from torch.optim.lr_scheduler import ChainedScheduler, CosineAnnealingLR, ExponentialLR, LinearLR, SequentialLR

EPOCHS = 12


def once(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    warmup = LinearLR(optimizer, start_factor=0.1, total_iters=3)
    cosine = CosineAnnealingLR(optimizer, T_max=EPOCHS - 3)
    scheduler = SequentialLR(optimizer, schedulers=[warmup, cosine], milestones=[3])
    for epoch in range(EPOCHS):
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sub(y).pow(2).mean().backward()
            optimizer.step()
        scheduler.step()


def per_fold(make_model, folds):
    for fold, loader in enumerate(folds):
        model = make_model()
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        warmup = LinearLR(optimizer, start_factor=0.1, total_iters=3)
        decay = ExponentialLR(optimizer, gamma=0.9)
        scheduler = ChainedScheduler([warmup, decay])
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sub(y).pow(2).mean().backward()
            optimizer.step()
            scheduler.step()


def milestones_from_the_epoch(model, loader, optimizer):
    for epoch in range(EPOCHS):
        warmup = LinearLR(optimizer, start_factor=0.1, total_iters=3)
        cosine = CosineAnnealingLR(optimizer, T_max=EPOCHS - 3)
        scheduler = SequentialLR(optimizer, schedulers=[warmup, cosine], milestones=[epoch + 1])
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sub(y).pow(2).mean().backward()
            optimizer.step()
        scheduler.step()


def part_stepped_too(model, loader, optimizer):
    for epoch in range(EPOCHS):
        warmup = LinearLR(optimizer, start_factor=0.1, total_iters=3)
        cosine = CosineAnnealingLR(optimizer, T_max=EPOCHS - 3)
        scheduler = SequentialLR(optimizer, schedulers=[warmup, cosine], milestones=[3])
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sub(y).pow(2).mean().backward()
            optimizer.step()
            warmup.step()
        scheduler.step()
