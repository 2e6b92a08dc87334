# A `@contextmanager` generator yielding under a bfloat16 autocast (no scaler needed), one
# yielding under float16 with the loop scaling its loss, and an optimizer built by a builder of
# the file after the model's head was replaced.
import contextlib

import torch
from torch import nn


@contextlib.contextmanager
def brain_float():
    with torch.autocast(device_type="cuda", dtype=torch.bfloat16):
        yield


@contextlib.contextmanager
def half():
    with torch.autocast(device_type="cuda", dtype=torch.float16):
        yield


def prepare(net):
    return torch.optim.SGD(net.parameters(), lr=0.05)


def train_bf16(model, loader):
    model.head = nn.Linear(64, 5)
    opt = prepare(model)
    for x, y in loader:
        opt.zero_grad(set_to_none=True)
        with brain_float():
            loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        opt.step()


def train_fp16(model, opt, loader):
    scaler = torch.amp.GradScaler("cuda")
    for x, y in loader:
        opt.zero_grad(set_to_none=True)
        with half():
            loss = nn.functional.cross_entropy(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()
