import functools

import torch


def train_step(model, optimizer, batch):
    optimizer.zero_grad(set_to_none=True)
    x, y = batch
    loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    return loss.item()


def accumulate_step(model, optimizer, batch):
    x, y = batch
    torch.nn.functional.mse_loss(model(x), y).backward()


def fit(model, optimizer, loader, accumulate: bool):
    # a clearing step function under another name
    step = functools.partial(train_step, model, optimizer)
    for batch in loader:
        step(batch)
    # a name bound to one of two functions: gradfix cannot tell which runs
    fn = accumulate_step if accumulate else train_step
    for batch in loader:
        fn(model, optimizer, batch)
    # rebound in the loop: not one function
    other = accumulate_step
    for batch in loader:
        other(model, optimizer, batch)
        other = train_step
