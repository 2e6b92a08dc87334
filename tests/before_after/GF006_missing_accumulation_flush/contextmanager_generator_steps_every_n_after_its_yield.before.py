# A `@contextmanager` generator steps after its `yield` every `n` micro-batches: the batches
# after the last multiple of `n` never reach a step, and no flush follows the loop.
import contextlib

import torch.nn.functional as F


@contextlib.contextmanager
def every_nth(optimizer, i, n):
    yield
    if (i + 1) % n == 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)


def train_epoch(encoder, optimizer, loader, n=4):
    for i, (tokens, labels) in enumerate(loader):
        with every_nth(optimizer, i, n):
            logits = encoder(tokens)
            (F.cross_entropy(logits, labels) / n).backward()
