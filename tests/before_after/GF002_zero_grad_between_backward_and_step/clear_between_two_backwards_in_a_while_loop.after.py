# A while loop over a batch iterator; the one clear wipes `first`'s gradients before the step.
# It moves to the start of the iteration.
import torch
from torch import nn

critic_a = nn.Linear(4, 1)
critic_b = nn.Linear(4, 1)
critic_opt = torch.optim.SGD([*critic_a.parameters(), *critic_b.parameters()], lr=0.1)
batches = iter(loader)
batch = next(batches, None)
while batch is not None:
    critic_opt.zero_grad(set_to_none=True)
    x, y = batch
    first = (critic_a(x) - y).abs().mean()
    first.backward()
    second = (critic_b(x) + y).abs().mean()
    second.backward()
    critic_opt.step()
    batch = next(batches, None)
