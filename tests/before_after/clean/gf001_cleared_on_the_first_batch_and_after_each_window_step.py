import torch


def train(model, optimizer, loader, accum_steps=4):
    for i, (x, y) in enumerate(loader):
        if i == 0:
            optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y) / accum_steps
        loss.backward()
        if (i + 1) % accum_steps == 0 or i + 1 == len(loader):
            optimizer.step()
            optimizer.zero_grad()


def first_pass_warmup(model, optimizer, loader):
    for i, (x, y) in enumerate(loader):
        if i == 0:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
            continue
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
