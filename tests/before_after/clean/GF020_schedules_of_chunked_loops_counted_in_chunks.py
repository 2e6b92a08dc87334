# Chunked loops whose schedules count what they step: the horizon in chunks (`math.ceil(len /
# accum)` per epoch), a schedule stepped once per epoch over the epoch count, and a chunk loop
# of stride 1 (every item its own step).
import math

import torch
import torch.nn.functional as F


def chunks_counted(model, samples, epochs=3, accum=4):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    per_epoch = math.ceil(len(samples) / accum)
    schedule = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.5, total_steps=epochs * per_epoch)
    for epoch in range(epochs):
        for start in range(0, len(samples), accum):
            for inputs, labels in samples[start:start + accum]:
                (F.cross_entropy(model(inputs), labels) / accum).backward()
            opt.step()
            schedule.step()
            opt.zero_grad()


def per_epoch(model, samples, epochs=3, accum=4):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    schedule = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=epochs)
    for epoch in range(epochs):
        for start in range(0, len(samples), accum):
            for inputs, labels in samples[start:start + accum]:
                (F.cross_entropy(model(inputs), labels) / accum).backward()
            opt.step()
            opt.zero_grad()
        schedule.step()


def stride_one(model, samples, epochs=3):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    schedule = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.5, total_steps=epochs * len(samples))
    for epoch in range(epochs):
        for index in range(0, len(samples), 1):
            inputs, labels = samples[index]
            opt.zero_grad()
            F.cross_entropy(model(inputs), labels).backward()
            opt.step()
            schedule.step()
