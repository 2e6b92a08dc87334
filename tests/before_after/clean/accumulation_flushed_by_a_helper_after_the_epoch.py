import torch
from torch import nn


def run_epoch(net, batches, opt, accum_steps=4):
    net.train()
    for k, (inputs, labels) in enumerate(batches):
        (nn.functional.cross_entropy(net(inputs), labels) / accum_steps).backward()
        if (k + 1) % accum_steps == 0:
            opt.step()
            opt.zero_grad()


def finish_window(opt):
    opt.step()
    opt.zero_grad()


def fit(net, batches, epochs=5):
    opt = torch.optim.AdamW(net.parameters(), lr=3e-4)
    for _ in range(epochs):
        run_epoch(net, batches, opt)
        finish_window(opt)
