# The micro-step loop backpropagates only; the window's gradient is clipped once, right before
# the step. A second loop clips each micro-batch's own gradient into a buffer (DP-SGD): it
# clears on every micro-batch and reads `.grad`, so each clip sees one micro-batch.
import torch
import torch.nn.functional as F


def train(model, optimizer, get_batch, iters, grad_accum=4):
    for it in range(iters):
        for micro_step in range(grad_accum):
            x, y = get_batch()
            (F.mse_loss(model(x), y) / grad_accum).backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)


def train_private(model, optimizer, get_batch, iters, grad_accum=4):
    params = list(model.parameters())
    for it in range(iters):
        summed = [torch.zeros_like(p) for p in params]
        for micro_step in range(grad_accum):
            optimizer.zero_grad(set_to_none=True)
            x, y = get_batch()
            F.mse_loss(model(x), y).backward()
            torch.nn.utils.clip_grad_norm_(params, 1.0)
            for s, p in zip(summed, params):
                s.add_(p.grad)
        for s, p in zip(summed, params):
            p.grad = s / grad_accum
        optimizer.step()
