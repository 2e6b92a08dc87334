import torch
import torch.nn as nn
import torch.nn.functional as F
from accelerate import Accelerator


def train(loader, val_loader, epochs):
    accelerator = Accelerator()
    model = nn.Sequential(nn.Linear(16, 32), nn.Dropout(0.1), nn.ReLU(), nn.Linear(32, 1))
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for epoch in range(epochs):
        model.train()
        for x, y in loader:
            optimizer.zero_grad(set_to_none=True)
            accelerator.backward(F.mse_loss(model(x), y))
            optimizer.step()
        unwrapped = accelerator.unwrap_model(model)
        unwrapped.eval()
        with torch.no_grad():
            val = sum(F.mse_loss(unwrapped(x), y).item() for x, y in val_loader)
        accelerator.print(epoch, val)
