"""Warm-up functions of the script handed to LambdaLR, each stepped at the level it counts: one
over batches stepped per batch, one over epochs (a factory's closure) stepped per epoch, and
one whose body loops (not read) stepped per epoch."""
import math

import torch
from torch.optim.lr_scheduler import LambdaLR

EPOCHS = 5
WARMUP_EPOCHS = 1
total_steps = EPOCHS * len(train_loader)
warmup_steps = total_steps // 10


def per_batch(current_step):
    if current_step < warmup_steps:
        return float(current_step) / float(max(1, warmup_steps))
    progress = float(current_step - warmup_steps) / float(max(1, total_steps - warmup_steps))
    return max(0.0, 0.5 * (1.0 + math.cos(math.pi * progress)))


def epoch_warmup(warmup, epochs):
    def factor(epoch):
        if epoch < warmup:
            return (epoch + 1) / warmup
        return 0.5 * (1.0 + math.cos(math.pi * (epoch - warmup) / (epochs - warmup)))

    return factor


def stepwise(step):
    factor = 1.0
    for boundary in (total_steps // 2, total_steps * 3 // 4):
        if step >= boundary:
            factor *= 0.1
    return factor


def fit_per_batch(model, optimizer):
    scheduler = LambdaLR(optimizer, per_batch)
    for epoch in range(EPOCHS):
        for batch in train_loader:
            loss = model(**batch).loss
            loss.backward()
            optimizer.step()
            scheduler.step()
            optimizer.zero_grad()


def fit_per_epoch(model, optimizer):
    scheduler = LambdaLR(optimizer, epoch_warmup(WARMUP_EPOCHS, EPOCHS))
    for epoch in range(EPOCHS):
        for batch in train_loader:
            optimizer.zero_grad()
            model(**batch).loss.backward()
            optimizer.step()
        scheduler.step()


def fit_unread(model, optimizer):
    scheduler = LambdaLR(optimizer, stepwise)
    for epoch in range(EPOCHS):
        for batch in train_loader:
            optimizer.zero_grad()
            model(**batch).loss.backward()
            optimizer.step()
        scheduler.step()
