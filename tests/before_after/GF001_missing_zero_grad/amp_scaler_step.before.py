import torch
from torch.amp import GradScaler, autocast


def train_amp(model, loader, device="cuda"):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    scaler = GradScaler()
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        with autocast(device_type="cuda"):
            loss = torch.nn.functional.cross_entropy(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()
