# The autocast dtype is float16 when --amp is given (bound in the function to a conditional
# expression): that run trains in float16 without a gradient scaler.
import torch
from torch import nn


def fit(model, opt, loader, args):
    dtype = torch.float16 if args.amp else torch.float32
    for x, y in loader:
        x, y = x.cuda(), y.cuda()
        with torch.autocast("cuda", dtype=dtype):
            loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
