import torch


def micro_batch(model, x, y, divide_by):
    loss = torch.nn.functional.mse_loss(model(x), y)
    (loss / divide_by).backward()


def accumulate_backward(model, x, y):
    # the window's loss is the sum over its micro-batches, on purpose
    loss = torch.nn.functional.mse_loss(model(x), y).sum()
    loss.backward()


def train(model, loader, optimizer, accum=4):
    for i, (x, y) in enumerate(loader):
        micro_batch(model, x, y, accum)
        if (i + 1) % accum == 0 or i + 1 == len(loader):
            optimizer.step()
            optimizer.zero_grad()


def train_summed(model, loader, optimizer, accum=4):
    for i, (x, y) in enumerate(loader):
        accumulate_backward(model, x, y)
        if (i + 1) % accum == 0 or i + 1 == len(loader):
            optimizer.step()
            optimizer.zero_grad()
