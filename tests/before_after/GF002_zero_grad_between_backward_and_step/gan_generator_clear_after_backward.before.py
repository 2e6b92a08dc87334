import torch
from torch import nn


def train_gan(netG, netD, loader, nz=100, epochs=5):
    criterion = nn.BCELoss()
    optD = torch.optim.Adam(netD.parameters(), lr=2e-4, betas=(0.5, 0.999))
    optG = torch.optim.Adam(netG.parameters(), lr=2e-4, betas=(0.5, 0.999))
    for epoch in range(epochs):
        for real, _ in loader:
            b = real.size(0)
            # (1) update D
            optD.zero_grad()
            fake = netG(torch.randn(b, nz, 1, 1))
            errD = criterion(netD(real), torch.ones(b)) + criterion(netD(fake.detach()), torch.zeros(b))
            errD.backward()
            optD.step()

            # (2) update G
            errG = criterion(netD(fake), torch.ones(b))
            errG.backward()
            optG.zero_grad()  # clear before the update
            optG.step()
