import math

import torch
import torch.nn.functional as F


def clipped_in_the_window(model, optimizer, loader, accum):
    for i, (x, y) in enumerate(loader):
        loss = F.mse_loss(model(x), y) / accum
        loss.backward()
        if (i + 1) % accum == 0 or i + 1 == len(loader):
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            optimizer.zero_grad()


def norm_measured_on_every_micro_batch(model, optimizer, loader, accum, log):
    for i, (x, y) in enumerate(loader):
        loss = F.mse_loss(model(x), y) / accum
        loss.backward()
        log(torch.nn.utils.clip_grad_norm_(model.parameters(), math.inf))
        if (i + 1) % accum == 0 or i + 1 == len(loader):
            optimizer.step()
            optimizer.zero_grad()


def no_accumulation(model, optimizer, loader):
    for x, y in loader:
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()


def clipped_at_the_window_end_flag(model, optimizer, loader, accum):
    for i, (x, y) in enumerate(loader):
        loss = F.mse_loss(model(x), y) / accum
        loss.backward()
        last = (i + 1) % accum == 0 or i + 1 == len(loader)
        if last:
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            optimizer.zero_grad()
