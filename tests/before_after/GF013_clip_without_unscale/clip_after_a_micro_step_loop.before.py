import torch
from torch import nn


def train(model, get_batch, max_iters, gradient_accumulation_steps=8, grad_clip=1.0, dtype="float16"):
    optimizer = torch.optim.AdamW(model.parameters(), lr=6e-4)
    scaler = torch.cuda.amp.GradScaler(enabled=(dtype == "float16"))
    iter_num = 0
    X, Y = get_batch("train")
    while iter_num < max_iters:
        for micro_step in range(gradient_accumulation_steps):
            with torch.autocast(device_type="cuda", dtype=torch.float16):
                logits, loss = model(X, Y)
                loss = loss / gradient_accumulation_steps
            X, Y = get_batch("train")
            scaler.scale(loss).backward()
        if grad_clip != 0.0:
            torch.nn.utils.clip_grad_norm_(model.parameters(), grad_clip)
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad(set_to_none=True)
        iter_num += 1
