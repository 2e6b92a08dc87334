import torch
import torch.nn as nn


def run(netG, netD, data_iter, steps):
    bce = nn.BCEWithLogitsLoss()
    optimizerG = torch.optim.Adam(netG.parameters(), lr=2e-4, betas=(0.5, 0.999))
    optimizerD = torch.optim.Adam(netD.parameters(), lr=2e-4, betas=(0.5, 0.999))
    i = 0
    while i < steps:
        x, noise = next(data_iter)
        generated = netG(noise)
        out_fake = netD(generated)
        errG = bce(out_fake, torch.ones_like(out_fake))
        optimizerG.zero_grad()
        errG.backward(retain_graph=True)
        optimizerD.zero_grad()
        out_real = netD(x)
        errD = bce(out_real, torch.ones_like(out_real)) + bce(out_fake, torch.zeros_like(out_fake))
        errD.backward()
        optimizerG.step()
        optimizerD.step()
        i += 1
