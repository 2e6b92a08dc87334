import contextlib

import torch


def amp_step(model, optimizer, batch):
    scaler = torch.amp.GradScaler("cuda")
    optimizer.zero_grad()
    with torch.autocast("cuda", dtype=torch.float16):
        loss = model(batch).float().mean()
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()
    return loss.item()


@contextlib.contextmanager
def logged(value):
    yield value


def train_logged(model, optimizer, loader):
    for epoch in range(3):
        for batch in loader:
            with logged(amp_step(model, optimizer, batch)) as loss:
                print(epoch, loss)
