from contextlib import nullcontext

from torch import nn


def train(ddp_model, loader, optimizer, accumulate=4):
    ddp_model.train()
    for it, (inputs, targets) in enumerate(loader):
        loss = nn.functional.cross_entropy(ddp_model(inputs), targets)
        if (it + 1) % accumulate != 0:
            with ddp_model.no_sync() if hasattr(ddp_model, "no_sync") else nullcontext():
                loss.backward()
        else:
            (loss / accumulate).backward()
            optimizer.step()
            optimizer.zero_grad()
