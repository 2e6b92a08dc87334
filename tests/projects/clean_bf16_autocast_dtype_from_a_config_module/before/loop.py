# PRECISION (settings.py) is bfloat16: no loss scaling is needed.
import torch
from torch import nn

from settings import LR, PRECISION


def train(net, batches):
    opt = torch.optim.AdamW(net.parameters(), lr=LR)
    for x, y in batches:
        opt.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=PRECISION, enabled=torch.cuda.is_available()):
            loss = nn.functional.cross_entropy(net(x), y)
        loss.backward()
        opt.step()
