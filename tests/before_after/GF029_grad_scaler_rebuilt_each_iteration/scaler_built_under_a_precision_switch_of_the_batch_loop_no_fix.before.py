import torch
from torch.amp import GradScaler, autocast


def train(cfg, model, optimizer, buffer, loss_fn):
    step = 0
    for epoch in range(cfg.epochs):
        for batch in buffer:
            with autocast("cuda", enabled=cfg.mixed_precision):
                loss = loss_fn(model, batch) / cfg.accumulation_steps
            if cfg.mixed_precision and cfg.dtype == "float16":
                scaler = GradScaler(enabled=True)
                scaler.scale(loss).backward()
            else:
                loss.backward()
            if (step + 1) % cfg.accumulation_steps == 0:
                if cfg.mixed_precision and cfg.dtype == "float16":
                    scaler.unscale_(optimizer)
                torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
                if cfg.mixed_precision and cfg.dtype == "float16":
                    scaler.step(optimizer)
                    scaler.update()
                else:
                    optimizer.step()
                optimizer.zero_grad(set_to_none=True)
            step += 1
