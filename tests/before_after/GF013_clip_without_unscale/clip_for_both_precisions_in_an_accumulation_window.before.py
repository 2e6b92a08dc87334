import torch


def train_epoch(model, loader, optimizer, scaler, use_amp, accum_steps, max_norm):
    model.train()
    pending = 0
    for x, y in loader:
        pending += 1
        with torch.autocast("cuda", dtype=torch.float16, enabled=use_amp):
            loss = torch.nn.functional.mse_loss(model(x), y) / accum_steps
        if use_amp:
            scaler.scale(loss).backward()
        else:
            loss.backward()
        if pending == accum_steps:
            # one clip for both precisions, at the end of the window
            torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
            pending = 0
            if use_amp:
                scaler.step(optimizer)
                scaler.update()
            else:
                optimizer.step()
            optimizer.zero_grad(set_to_none=True)
    if pending:
        # the last, shorter window
        if use_amp:
            scaler.unscale_(optimizer)
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
        if use_amp:
            scaler.step(optimizer)
            scaler.update()
        else:
            optimizer.step()
        optimizer.zero_grad(set_to_none=True)
