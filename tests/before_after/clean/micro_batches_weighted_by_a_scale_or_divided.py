"""Micro-batches sliced by a range, each slice's per-sample loss weighted by something that
scales it by the count: a call whose name says so, a weight of `1 / n_micro` per sample, or an
importance-weighted loss already divided by the count of slices; and a window's loss
multiplied by its batch's size as a tensor (`torch.tensor(len(x))`: a count, not per-sample
weights)."""
import torch
import torch.nn.functional as F


def scaled_by_a_call(model, opt, loader, sampler, microbatch=4):
    for batch, target in loader:
        opt.zero_grad()
        for i in range(0, batch.shape[0], microbatch):
            micro = batch[i : i + microbatch]
            w = sampler.scale_for(micro.shape[0], batch.shape[0])
            loss = F.mse_loss(model(micro), target[i : i + microbatch], reduction="none").mean(1)
            (loss * w).mean().backward()
        opt.step()


def weights_of_the_count(model, opt, loader, microbatch=4):
    for batch, target in loader:
        opt.zero_grad()
        n_micro = len(range(0, batch.shape[0], microbatch))
        for i in range(0, batch.shape[0], microbatch):
            micro = batch[i : i + microbatch]
            w = torch.full((micro.shape[0],), 1.0 / n_micro)
            loss = F.mse_loss(model(micro), target[i : i + microbatch], reduction="none").mean(1)
            (loss * w).mean().backward()
        opt.step()


def importance_weighted_and_divided(model, diffusion, sampler, opt, loader, microbatch=4):
    for batch in loader:
        opt.zero_grad()
        n_micro = len(range(0, batch.shape[0], microbatch))
        for i in range(0, batch.shape[0], microbatch):
            micro = batch[i : i + microbatch]
            t, weights = sampler.sample(micro.shape[0])
            losses = diffusion.training_losses(model, micro, t)
            loss = (losses["loss"] * weights).mean() / n_micro
            loss.backward()
        opt.step()


def weighted_by_the_batch_size(model, criterion, loader, accum_steps=4):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for step, (x, y) in enumerate(loader):
        size = torch.tensor(len(x))
        loss = (criterion(model(x), y) * size).mean()
        loss.backward()
        if (step + 1) % accum_steps == 0:
            opt.step()
            opt.zero_grad()
    if (step + 1) % accum_steps != 0:
        opt.step()
        opt.zero_grad()
