import contextlib

import torch
from torch import nn

device = "cuda" if torch.cuda.is_available() else "cpu"
PRECISION = "fp16"


def train_step(model: nn.Module, loader, loss_fn: nn.Module, optimizer: torch.optim.Optimizer):
    model.train()
    for X, y in loader:
        X, y = X.to(device), y.to(device)
        with torch.autocast(device_type=device, enabled=True):
            y_pred = model(X)
            loss = loss_fn(y_pred, y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def fine_tune(model, loader, optimizer):
    if PRECISION == "fp16":
        ctx = torch.autocast("cuda", dtype=torch.float16)
    elif PRECISION == "bf16":
        ctx = torch.autocast("cuda", dtype=torch.bfloat16)
    else:
        ctx = contextlib.nullcontext()
    for x, y in loader:
        with ctx:
            loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
