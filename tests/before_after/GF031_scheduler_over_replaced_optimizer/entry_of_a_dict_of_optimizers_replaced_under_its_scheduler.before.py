import torch
from torch import nn


def train(gen, disc, loader, epochs, cfg):
    opts = {
        "g": torch.optim.Adam(gen.parameters(), lr=2e-4),
        "d": torch.optim.Adam(disc.parameters(), lr=2e-4),
    }
    sched = torch.optim.lr_scheduler.StepLR(opts["g"], step_size=5)
    if cfg.finetune:
        opts["g"] = torch.optim.SGD(gen.parameters(), lr=1e-3)
    for _ in range(epochs):
        for z in loader:
            opts["g"].zero_grad()
            disc(gen(z)).mean().backward()
            opts["g"].step()
        sched.step()
