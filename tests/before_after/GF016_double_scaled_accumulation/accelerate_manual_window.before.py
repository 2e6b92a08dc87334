import torch
from accelerate import Accelerator

accum_steps = 4
accelerator = Accelerator(gradient_accumulation_steps=accum_steps)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
model, optimizer, loader = accelerator.prepare(model, optimizer, loader)

for i, batch in enumerate(loader):
    loss = model(**batch).loss
    loss = loss / accum_steps
    accelerator.backward(loss)
    if (i + 1) % accum_steps == 0:
        optimizer.step()
        optimizer.zero_grad()
