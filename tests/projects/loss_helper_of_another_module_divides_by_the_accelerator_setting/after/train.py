import torch
from accelerate import Accelerator

from losses import averaged_loss

GRAD_ACCUM = 4

accelerator = Accelerator(gradient_accumulation_steps=GRAD_ACCUM)
model = torch.nn.Linear(16, 3)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
loader = [(torch.randn(8, 16), torch.randint(0, 3, (8,))) for _ in range(32)]
model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
for epoch in range(3):
    for batch in loader:
        with accelerator.accumulate(model):
            # the helper divides by the window, and accelerator.backward divides again
            loss = averaged_loss(model, batch, 1)
            accelerator.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
