import torch
from accelerate import Accelerator

accelerator = Accelerator(gradient_accumulation_steps=4)
optimizer = torch.optim.AdamW(model.parameters())
model, optimizer, loader = accelerator.prepare(model, optimizer, loader)

for batch in loader:
    optimizer.zero_grad()
    with accelerator.accumulate(model):
        loss = model(batch).mean()
        accelerator.backward(loss)
        optimizer.step()
