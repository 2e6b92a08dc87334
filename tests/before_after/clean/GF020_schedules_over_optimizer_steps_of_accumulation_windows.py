import math

import torch
from transformers import get_linear_schedule_with_warmup


def divided(model, loader, epochs, accum):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    total = len(loader) // accum * epochs
    scheduler = get_linear_schedule_with_warmup(opt, num_warmup_steps=10, num_training_steps=total)
    for epoch in range(epochs):
        for i, (x, y) in enumerate(loader):
            (torch.nn.functional.mse_loss(model(x), y) / accum).backward()
            if (i + 1) % accum == 0 or i + 1 == len(loader):
                opt.step()
                scheduler.step()
                opt.zero_grad(set_to_none=True)


def rounded_up(model, loader, epochs, accum):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    updates = math.ceil(len(loader) / accum) * epochs
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.1, total_steps=updates)
    for epoch in range(epochs):
        for i, (x, y) in enumerate(loader):
            (torch.nn.functional.mse_loss(model(x), y) / accum).backward()
            if (i + 1) % accum == 0 or i + 1 == len(loader):
                opt.step()
                sched.step()
                opt.zero_grad(set_to_none=True)


def per_micro_batch(model, loader, epochs, accum):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    scheduler = get_linear_schedule_with_warmup(opt, num_warmup_steps=10, num_training_steps=len(loader) * epochs)
    for epoch in range(epochs):
        for i, (x, y) in enumerate(loader):
            (torch.nn.functional.mse_loss(model(x), y) / accum).backward()
            if (i + 1) % accum == 0 or i + 1 == len(loader):
                opt.step()
                opt.zero_grad(set_to_none=True)
            scheduler.step()


def no_window(model, loader, epochs):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    scheduler = get_linear_schedule_with_warmup(opt, num_warmup_steps=10, num_training_steps=len(loader) * epochs)
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad(set_to_none=True)
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
            scheduler.step()
