"""A micro-batch of a window of ACCUM, stepping at the window's end or the epoch's last batch.
Its loop lives in train.py."""
import torch.nn.functional as F

ACCUM = 4


def accumulating_step(model, optimizer, batch, i, n_batches):
    x, y = batch
    loss = F.cross_entropy(model(x), y)
    (loss / ACCUM).backward()
    if (i + 1) % ACCUM == 0 or i + 1 == n_batches:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
    return loss.item()
