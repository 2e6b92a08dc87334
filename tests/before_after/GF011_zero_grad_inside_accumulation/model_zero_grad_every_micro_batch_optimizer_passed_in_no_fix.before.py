from torch import nn

GRAD_ACCUM = 4


def run_epoch(model, loader, optimizer):
    model.train()
    for it, (x, y) in enumerate(loader):
        model.zero_grad()  # wipes the window's earlier micro-batches
        loss = nn.functional.cross_entropy(model(x), y)
        (loss / GRAD_ACCUM).backward()
        if (it + 1) % GRAD_ACCUM == 0:
            optimizer.step()
