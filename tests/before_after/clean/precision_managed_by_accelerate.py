import torch
from accelerate import Accelerator

accelerator = Accelerator(mixed_precision="fp16")
model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
for x, y in loader:
    optimizer.zero_grad()
    with torch.autocast(device_type="cuda", dtype=torch.float16):
        loss = criterion(model(x), y)
    accelerator.backward(loss)
    optimizer.step()
