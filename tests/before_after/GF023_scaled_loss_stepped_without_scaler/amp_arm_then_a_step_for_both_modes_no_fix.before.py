# `if use_amp:` scales the backward, then one `optimizer.step()` serves both modes: in the
# mixed-precision mode it applies scaled gradients. Reported without a fix (the step needs
# `if use_amp: scaler.step(optimizer)` / `else: optimizer.step()`).
import torch


def train(model, loader, use_amp):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = torch.amp.GradScaler("cuda", enabled=use_amp)
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda", enabled=use_amp):
            loss = model(x, y)
        if use_amp:
            scaler.scale(loss).backward()
        else:
            loss.backward()
        optimizer.step()
        if use_amp:
            scaler.update()
