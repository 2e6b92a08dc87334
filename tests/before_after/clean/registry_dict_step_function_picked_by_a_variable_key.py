import os

import torch
from torch import nn

model = nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
loss_fn = nn.MSELoss()


def sup_step(model, opt, x, y):
    loss = loss_fn(model(x), y)
    loss.backward()
    opt.step()
    return loss.item()


def clean_step(model, opt, x, y):
    opt.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    opt.step()
    return loss.item()


STEPS = {"sup": sup_step, "clean": clean_step}

# chosen at run time between two steps that both touch gradients: which one runs (and whether
# the loop clears) is not known here, so nothing is read
mode = os.environ.get("STEP_KIND", "sup")
data = [(torch.randn(8, 4), torch.randn(8, 2)) for _ in range(5)]
for x, y in data:
    STEPS[mode](model, opt, x, y)
