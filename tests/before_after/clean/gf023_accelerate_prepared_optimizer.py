# An Accelerate-prepared optimizer: the library steps it (and unscales) itself; stay silent.
import torch
from accelerate import Accelerator

accelerator = Accelerator(mixed_precision="fp16")
model, optimizer, loader = accelerator.prepare(model, torch.optim.AdamW(model.parameters()), loader)
scaler = torch.amp.GradScaler("cuda")
for x, y in loader:
    optimizer.zero_grad()
    loss = model(x, y)
    scaler.scale(loss).backward()
    optimizer.step()
    scaler.update()
