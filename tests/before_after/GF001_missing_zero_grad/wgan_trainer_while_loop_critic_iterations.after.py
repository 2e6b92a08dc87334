import itertools

import torch
from torch import nn


def train_wgan(netD, netG, data, total_steps, n_critic=3, nz=8):
    optD = torch.optim.Adam(netD.parameters(), lr=1e-4, betas=(0.5, 0.9))
    optG = torch.optim.Adam(netG.parameters(), lr=1e-4, betas=(0.5, 0.9))
    batches = itertools.cycle(data)
    step = 0
    while step < total_steps:
        for critic_iter in range(n_critic):
            real = next(batches)
            optD.zero_grad()
            noise = torch.randn(real.size(0), nz)
            errD = netD(netG(noise).detach()).mean() - netD(real).mean()
            errD.backward()
            optD.step()
        optG.zero_grad(set_to_none=True)
        noise = torch.randn(real.size(0), nz)
        errG = -netD(netG(noise)).mean()
        errG.backward()
        optG.step()
        step += 1
    return netG
