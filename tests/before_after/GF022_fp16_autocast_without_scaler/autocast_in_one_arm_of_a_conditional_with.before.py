import contextlib

import torch


def train(model, loader, optimizer, use_amp):
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16) if use_amp else contextlib.nullcontext():
            loss = torch.nn.functional.cross_entropy(model(x.cuda()), y.cuda())
        loss.backward()
        optimizer.step()


def train_ctx(model, loader, optimizer, use_amp):
    amp_ctx = torch.autocast("cuda", dtype=torch.float16) if use_amp else contextlib.nullcontext()
    for x, y in loader:
        optimizer.zero_grad()
        with amp_ctx:
            loss = torch.nn.functional.cross_entropy(model(x.cuda()), y.cuda())
        loss.backward()
        optimizer.step()
