# Correct: the scaled backward and the plain step are in different arms of one test.
import torch


def train(model, loader, optimizer, use_amp):
    scaler = torch.amp.GradScaler("cuda") if use_amp else None
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda", enabled=use_amp):
            loss = model(x, y)
        if scaler is not None:
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
        else:
            loss.backward()
            optimizer.step()
