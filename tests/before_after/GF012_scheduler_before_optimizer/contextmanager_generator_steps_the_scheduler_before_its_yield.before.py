# A `@contextmanager` generator advances the learning-rate schedule before its `yield`, that is
# when the `with` block is entered, before the block's `optimizer.step()`. Reported without a
# fix: the fix would edit the generator, which other `with` statements may enter.
from contextlib import contextmanager

import torch


@contextmanager
def lr_tick(warmup):
    warmup.step()
    yield


def run(model, batches, steps=100):
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    warmup = torch.optim.lr_scheduler.LinearLR(optimizer, start_factor=0.1, total_iters=10)
    done = 0
    while done < steps:
        for inputs, targets in batches:
            with lr_tick(warmup):
                optimizer.zero_grad(set_to_none=True)
                torch.nn.functional.l1_loss(model(inputs), targets).backward()
                optimizer.step()
            done += 1
