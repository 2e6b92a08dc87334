"""Per-parameter optimizers filled by a `for`, stepped by a hook that first returns when there
is no gradient (never, in a post-accumulate hook) and never clears: every backward adds to
gradients the step already used."""

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
    steppers[weight].step()


for weight in encoder.parameters():
    weight.register_post_accumulate_grad_hook(on_accumulated)

for epoch in range(4):
    for inputs, targets in samples:
        nn.functional.mse_loss(encoder(inputs), targets).backward()
