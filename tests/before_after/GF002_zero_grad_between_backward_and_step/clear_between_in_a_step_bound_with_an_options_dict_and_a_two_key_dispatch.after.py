from functools import partial

import torch
from torch import nn


def update(batch, *, model, opt, max_norm=None, log_every=0):
    opt.zero_grad()
    features, target = batch
    out = nn.functional.mse_loss(model(features), target)
    out.backward()
    if max_norm is not None:
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
    opt.step()
    return out.item()


def run(batches, phase="train", max_steps=10):
    model = nn.Linear(3, 1)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    limit = 1.0
    settings = {"max_norm": limit, "log_every": 5}
    advance = partial(update, model=model, opt=opt, **settings)
    done = 0
    while done < max_steps:
        for batch in batches:
            {"train": advance, "finetune": advance}[phase](batch)
            done += 1
    return model
