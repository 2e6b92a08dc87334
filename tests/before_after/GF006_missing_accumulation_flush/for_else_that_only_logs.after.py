import torch
from torch.nn import functional as F


def train(model, optimizer, loader, epochs: int, accumulation: int = 4):
    for epoch in range(epochs):
        i = -1  # the flush after the loop reads it, also when the loop runs no batch
        for i, (x, y) in enumerate(loader):
            loss = F.cross_entropy(model(x), y) / accumulation
            loss.backward()
            if (i + 1) % accumulation == 0:
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
        else:
            print(f"epoch {epoch} done")

        # the last micro-batches did not fill a whole window: step on them too
        if (i + 1) % accumulation != 0:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
