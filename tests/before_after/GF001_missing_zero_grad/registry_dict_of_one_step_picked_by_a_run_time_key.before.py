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


STEPS = {"sup": sup_step}

mode = os.environ.get("STEP_KIND", "sup")  # chosen at run time, but the dict holds one step: it runs
data = [(torch.randn(8, 4), torch.randn(8, 2)) for _ in range(5)]
for x, y in data:
    STEPS[mode](model, opt, x, y)
