"""Micro-batches sliced by a range over a batch's rows, each slice's loss weighted by its share
of the batch, summed over the slice, or divided by the count of slices; and a range whose step
is a batch size (mini-batches of a full-batch step, summed on purpose)."""
import torch
import torch.nn.functional as F


def weighted(model, opt, loader, microbatch=4):
    for batch, target in loader:
        opt.zero_grad()
        for i in range(0, batch.shape[0], microbatch):
            micro = batch[i : i + microbatch]
            loss = F.mse_loss(model(micro), target[i : i + microbatch])
            (loss * micro.shape[0] / batch.shape[0]).backward()
        opt.step()


def summed(model, opt, loader, microbatch=4):
    for batch, target in loader:
        opt.zero_grad()
        for i in range(0, batch.shape[0], microbatch):
            micro = batch[i : i + microbatch]
            F.mse_loss(model(micro), target[i : i + microbatch], reduction="sum").backward()
        opt.step()


def divided(model, opt, loader, microbatch=4):
    for batch, target in loader:
        opt.zero_grad()
        n_micro = len(range(0, batch.shape[0], microbatch))
        for i in range(0, batch.shape[0], microbatch):
            loss = F.mse_loss(model(batch[i : i + microbatch]), target[i : i + microbatch])
            (loss / n_micro).backward()
        opt.step()


def full_batch(model, opt, data, targets, batch_size=64):
    for epoch in range(10):
        opt.zero_grad()
        for i in range(0, len(data), batch_size):
            F.mse_loss(model(data[i : i + batch_size]), targets[i : i + batch_size], reduction="sum").backward()
        opt.step()
