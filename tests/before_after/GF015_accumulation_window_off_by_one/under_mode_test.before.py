import torch
from torch import nn


def run_epoch(data_iter, model, loss_compute, optimizer, mode="train", accum_iter=1):
    total_loss = 0
    for i, batch in enumerate(data_iter):
        out = model(batch.src)
        loss = loss_compute(out, batch.tgt) / accum_iter
        if mode == "train" or mode == "train+log":
            loss.backward()
            if i % accum_iter == 0:
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
        total_loss += loss.item()
    return total_loss
