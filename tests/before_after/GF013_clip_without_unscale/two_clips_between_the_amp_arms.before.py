import torch


def train(model, optimizer, loader, scaler, use_amp):
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.float16, enabled=use_amp):
            loss = torch.nn.functional.mse_loss(model(x), y)
        if use_amp:
            scaler.scale(loss).backward()
        else:
            loss.backward()
        torch.nn.utils.clip_grad_norm_(model[0].parameters(), 0.5)
        torch.nn.utils.clip_grad_value_(model[2].parameters(), 0.1)
        if use_amp:
            scaler.step(optimizer)
            scaler.update()
        else:
            optimizer.step()
