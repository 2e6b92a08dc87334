import torch


def train(model, optimizer, loader, scaler, use_amp, max_norm=0.0):
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.float16, enabled=use_amp):
            loss = torch.nn.functional.mse_loss(model(x), y)
        if use_amp:
            scaler.scale(loss).backward()
        else:
            loss.backward()
        if max_norm > 0:
            torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
        if not use_amp:
            optimizer.step()
        else:
            scaler.step(optimizer)
            scaler.update()
