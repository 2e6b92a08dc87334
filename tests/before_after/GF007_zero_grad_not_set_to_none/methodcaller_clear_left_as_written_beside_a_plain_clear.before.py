import operator

import torch
import torch.nn.functional as F

CLEAR = operator.methodcaller("zero_grad")


def train(body, head, batches):
    body_opt = torch.optim.SGD(body.parameters(), lr=0.05)
    head_opt = torch.optim.Adam(head.parameters(), lr=1e-3)
    for x, y in batches:
        CLEAR(body_opt)
        head_opt.zero_grad()
        F.cross_entropy(head(body(x)), y).backward()
        body_opt.step()
        head_opt.step()
