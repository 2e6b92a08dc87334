"""Two trainers in one module: a momentum SGD built once and stepped in its own loop (its name,
`opt`, is also the epoch function's parameter), and an Adam rebuilt every epoch only to take a
rate halved in place, handed by position to that epoch function."""

import torch
import torch.nn.functional as F


def pretrain(backbone, loader, epochs):
    opt = torch.optim.SGD(backbone.parameters(), lr=0.05, momentum=0.9)
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad(set_to_none=True)
            F.cross_entropy(backbone(x), y).backward()
            opt.step()


def one_epoch(head, loader, opt):
    for x, y in loader:
        opt.zero_grad(set_to_none=True)
        F.mse_loss(head(x), y).backward()
        opt.step()


def finetune(head, loader, epochs, lr):
    head_opt = torch.optim.Adam(head.parameters(), lr=lr)
    for epoch in range(epochs):
        for group in head_opt.param_groups:
            group["lr"] = lr
        one_epoch(head, loader, head_opt)
        lr *= 0.5
