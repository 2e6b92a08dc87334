import torch
from torch import nn

ACCUM = 4


def train(model, loader, log):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    running = 0.0
    for i, (x, y) in enumerate(loader):
        loss = nn.functional.mse_loss(model(x), y)
        (loss / ACCUM).backward()
        running += loss.item()
        if (i + 1) % ACCUM == 0 or i + 1 == len(loader):
            print(f"window {i // ACCUM}: loss {running / ACCUM:.4f}")
            log.info("window loss %.4f", running / ACCUM)
            running = 0.0
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
