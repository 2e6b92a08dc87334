import torch
from torch import nn


def train(netG, netD, loader, nz=100):
    criterion = nn.BCELoss()
    optimizerD = torch.optim.Adam(netD.parameters(), lr=2e-4, betas=(0.5, 0.999))
    optimizerG = torch.optim.Adam(netG.parameters(), lr=2e-4, betas=(0.5, 0.999))
    for i, (real, _) in enumerate(loader):
        netD.zero_grad()
        b = real.size(0)
        errD_real = criterion(netD(real).view(-1), torch.ones(b))
        errD_real.backward()
        fake = netG(torch.randn(b, nz, 1, 1))
        errD_fake = criterion(netD(fake.detach()).view(-1), torch.zeros(b))
        errD_fake.backward()
        optimizerD.step()

        netG.zero_grad()
        errG = criterion(netD(fake).view(-1), torch.ones(b))
        errG.backward()
        optimizerG.step()
