import torch


def train(netG, netD, loader, criterion, nz):
    optimizerD = torch.optim.Adam(netD.parameters(), lr=2e-4, betas=(0.5, 0.999))
    optimizerG = torch.optim.Adam(netG.parameters(), lr=2e-4, betas=(0.5, 0.999))
    for real, _ in loader:
        netD.zero_grad()
        noise = torch.randn(real.size(0), nz, 1, 1)
        fake = netG(noise)
        errD = criterion(netD(real), torch.ones(real.size(0))) + criterion(netD(fake.detach()), torch.zeros(real.size(0)))
        errD.backward()
        optimizerD.step()

        netG.zero_grad()
        errG = criterion(netD(fake), torch.ones(real.size(0)))
        errG.backward()
        optimizerG.step()
