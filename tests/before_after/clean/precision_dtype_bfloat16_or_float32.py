# The autocast dtype is bfloat16 or float32 depending on a flag: no arm is float16, no scaler is
# needed.
import torch
from torch import nn


def fit(model, opt, loader, args):
    dtype = torch.bfloat16 if args.bf16 else torch.float32
    for x, y in loader:
        x, y = x.cuda(), y.cuda()
        with torch.autocast("cuda", dtype=dtype):
            loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
