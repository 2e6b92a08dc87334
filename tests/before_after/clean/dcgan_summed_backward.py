import torch


def train_d(netD, netG, loader, optimizerD, criterion, nz=100):
    for real in loader:
        optimizerD.zero_grad()
        b = real.size(0)
        fake = netG(torch.randn(b, nz, 1, 1)).detach()
        loss_real = criterion(netD(real), torch.ones(b))
        loss_fake = criterion(netD(fake), torch.zeros(b))
        (loss_real + loss_fake).backward()
        optimizerD.step()
