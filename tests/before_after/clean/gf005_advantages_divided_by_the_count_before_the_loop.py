# Correct: the advantages are divided by the accumulation count before the loop, so the
# policy loss weighted by `adv[mb]` reaches the backward already divided by ACCUM.
import torch
from torch import nn

actor = nn.Linear(4, 2)
opt = torch.optim.SGD(actor.parameters(), lr=0.05)
ACCUM = 4


def update(obs, raw_adv):
    adv = raw_adv / ACCUM
    for k, mb in enumerate(torch.arange(len(obs)).split(8)):
        loss = -(torch.log_softmax(actor(obs[mb]), -1)[:, 0] * adv[mb]).mean()
        loss.backward()
        if (k + 1) % ACCUM == 0:
            opt.step()
            opt.zero_grad()
    if (k + 1) % ACCUM != 0:
        opt.step()
        opt.zero_grad()
