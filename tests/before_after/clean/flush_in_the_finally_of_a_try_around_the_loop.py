import torch
from torch import nn


def epoch(net, stream, optim, every=4):
    idx = -1
    try:
        for idx, (inp, tgt) in enumerate(stream):
            (nn.functional.smooth_l1_loss(net(inp), tgt) / every).backward()
            if (idx + 1) % every == 0:
                optim.step()
                optim.zero_grad(set_to_none=False)
    except StopIteration:
        pass
    finally:
        if (idx + 1) % every != 0:  # what the last window left
            optim.step()
            optim.zero_grad(set_to_none=False)
