# PRECISION (settings.py) is float16, and a GradScaler scales the loss.
import torch
from torch import nn

from settings import LR, PRECISION


def train(net, batches):
    opt = torch.optim.AdamW(net.parameters(), lr=LR)
    scaler = torch.amp.GradScaler("cuda", enabled=torch.cuda.is_available())
    for x, y in batches:
        opt.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=PRECISION, enabled=torch.cuda.is_available()):
            loss = nn.functional.cross_entropy(net(x), y)
        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()
