import functools
import types

import torch

ACCUM = 4


def train_step(model, state, i, x, y):
    loss = torch.nn.functional.cross_entropy(model(x), y)
    (loss / ACCUM).backward()
    state.micro += 1
    if state.micro == ACCUM or i == state.batches - 1:
        state.optimizer.step()
        state.optimizer.zero_grad()
        state.micro = 0
    return loss.item()


def fit(model, loader, epochs):
    state = types.SimpleNamespace(micro=0, batches=len(loader))
    state.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    step = functools.partial(train_step, model, state)
    for _ in range(epochs):
        for i, (x, y) in enumerate(loader):
            step(i, x, y)
