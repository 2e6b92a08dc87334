from functools import partial

import torch
import torch.nn as nn


def update(inputs, targets, *, model, opt):
    opt.zero_grad()
    err = nn.functional.l1_loss(model(inputs), targets)
    err.backward(retain_graph=True)
    opt.step()
    return err


model = nn.Sequential(nn.Linear(3, 6), nn.Tanh(), nn.Linear(6, 1))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
do_update = partial(update, model=model, opt=opt)
data = [(torch.randn(5, 3), torch.randn(5, 1)) for _ in range(3)]
i = 0
while i < len(data):
    err = do_update(*data[i])
    print(float(err))
    i += 1
