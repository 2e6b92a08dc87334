"""The backward is written twice, scaled when AMP is on and plain when it is off: exactly one
runs per micro-batch, and neither divides the loss by the window; both are divided."""
import torch


def train(model, loader, optimizer, scaler, use_amp, accum_grad_iters):
    for i, (inputs, targets) in enumerate(loader):
        with torch.autocast("cuda", enabled=use_amp):
            loss = torch.nn.functional.cross_entropy(model(inputs), targets)
        if use_amp:
            scaler.scale(loss / accum_grad_iters).backward()
        else:
            (loss / accum_grad_iters).backward()
        if (i + 1) % accum_grad_iters == 0 or i + 1 == len(loader):
            if use_amp:
                scaler.step(optimizer)
                scaler.update()
            else:
                optimizer.step()
            optimizer.zero_grad()
