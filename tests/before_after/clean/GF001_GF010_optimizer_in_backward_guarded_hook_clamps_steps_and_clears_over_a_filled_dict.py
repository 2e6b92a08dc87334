"""The hand-fixed optimizer in backward: optimizers filled by a `for`, a guarded hook that
clamps the parameter's gradient, steps and clears; the loop only backpropagates."""

import torch
import torch.nn as nn

torch.manual_seed(3)
encoder = nn.Sequential(nn.Linear(5, 10), nn.GELU(), nn.Linear(10, 2))
samples = [(torch.randn(6, 5), torch.randn(6, 2)) for _ in range(5)]

steppers = {}
for weight in encoder.parameters():
    steppers[weight] = torch.optim.AdamW([weight], lr=3e-3)


def on_accumulated(weight):
    if weight.grad is None:
        return
    torch.nn.utils.clip_grad_value_([weight], 0.5)
    steppers[weight].step()
    steppers[weight].zero_grad(set_to_none=True)


for weight in encoder.parameters():
    weight.register_post_accumulate_grad_hook(on_accumulated)

for epoch in range(4):
    for inputs, targets in samples:
        nn.functional.mse_loss(encoder(inputs), targets).backward()
