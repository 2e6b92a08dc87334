import torch


def train(model, optimizer, loader, accum_steps, max_iters):
    for i, (x, y) in enumerate(loader):
        if i >= max_iters:  # leaves before using batch i: `i` ends one past the last micro-batch
            break
        loss = torch.nn.functional.mse_loss(model(x), y)
        (loss / accum_steps).backward()
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
