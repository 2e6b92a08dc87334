import torch
from torch import nn

GRAD_ACC = 4
multi_step = GRAD_ACC > 1


def run(net, batches, opt):
    for k, (x, y) in enumerate(batches):
        loss = nn.functional.huber_loss(net(x), y)
        if not multi_step:
            loss.backward()
        else:
            (loss / GRAD_ACC).backward()
        if (k + 1) % GRAD_ACC == 0 or k + 1 == len(batches):
            opt.step()
            opt.zero_grad()
