"""`optimizer.zero_grad()` at the start of `accelerator.accumulate()`, with an Accelerator that
runs DeepSpeed: the prepared optimizer is Accelerate's DeepSpeed wrapper, whose `zero_grad()`
and `step()` do nothing; the engine accumulates over its own `gradient_accumulation_steps`
(inside `accelerator.backward`) and clears by itself."""
import torch
from accelerate import Accelerator, DeepSpeedPlugin

accelerator = Accelerator(deepspeed_plugin=DeepSpeedPlugin(zero_stage=2, gradient_accumulation_steps=4))
model = torch.nn.Linear(16, 2)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
loader = torch.utils.data.DataLoader([(torch.randn(16), 0) for _ in range(32)], batch_size=4)
model, optimizer, loader = accelerator.prepare(model, optimizer, loader)

for epoch in range(2):
    for inputs, labels in loader:
        with accelerator.accumulate(model):
            optimizer.zero_grad(set_to_none=True)
            loss = torch.nn.functional.cross_entropy(model(inputs), labels)
            accelerator.backward(loss)
            optimizer.step()
