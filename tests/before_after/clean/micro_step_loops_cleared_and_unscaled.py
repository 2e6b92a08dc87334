import torch
from torch import nn


def train(model, get_batch, max_iters, gradient_accumulation_steps=8, grad_clip=1.0, dtype="float16"):
    optimizer = torch.optim.AdamW(model.parameters(), lr=6e-4)
    scaler = torch.cuda.amp.GradScaler(enabled=(dtype == "float16"))
    fisher = [torch.zeros_like(p) for p in model.parameters()]
    X, Y = get_batch("train")
    for iter_num in range(max_iters):
        for micro_step in range(gradient_accumulation_steps):
            with torch.autocast(device_type="cuda", dtype=torch.float16):
                logits, loss = model(X, Y)
                loss = loss / gradient_accumulation_steps
            X, Y = get_batch("train")
            scaler.scale(loss).backward()
        if grad_clip != 0.0:
            scaler.unscale_(optimizer)
            torch.nn.utils.clip_grad_norm_(model.parameters(), grad_clip)
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad(set_to_none=True)
        if iter_num % 100 == 0:
            # a diagnostic pass: squared gradients of a few batches, cleared after each
            for _ in range(4):
                Xd, Yd = get_batch("val")
                _, dloss = model(Xd, Yd)
                dloss.backward()
                for f, p in zip(fisher, model.parameters()):
                    f += p.grad.detach() ** 2
                optimizer.zero_grad(set_to_none=True)
    return fisher


def train_with_two_phases(model, get_batch, max_iters, n_micro=4):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for it in range(max_iters):
        optimizer.zero_grad(set_to_none=True)
        for _ in range(n_micro):
            x, y = get_batch("train")
            (nn.functional.mse_loss(model(x), y) / n_micro).backward()
        optimizer.step()
