import torch

ACCUM = 16


def run(model, loader, optimizer):
    i = -1  # the flush after the loop reads it, also when the loop runs no batch
    for i, batch in enumerate(loader):
        loss = model(batch).mean() / ACCUM
        loss.backward()
        if i % ACCUM == ACCUM - 1:
            optimizer.step()
            optimizer.zero_grad()  # start the next window

    # the last micro-batches did not fill a whole window: step on them too
    if i % ACCUM != ACCUM - 1:
        optimizer.step()
        optimizer.zero_grad()  # start the next window
