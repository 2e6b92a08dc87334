from functools import partial

import torch
import torch.nn as nn


def update(batch, *, model, opt, criterion):
    inputs, targets = batch
    opt.zero_grad()
    out = model(inputs)
    criterion(out, targets).backward()
    opt.step()


def main():
    model = nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 2))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    loss_fn = nn.CrossEntropyLoss()
    run_update = partial(update, model=model, opt=opt, criterion=loss_fn)
    data = iter([(torch.randn(4, 5), torch.randint(0, 2, (4,))) for _ in range(3)])
    while True:
        batch = next(data, None)
        if batch is None:
            break
        run_update(batch)


main()
