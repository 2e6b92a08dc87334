import torch
from torch import nn


def fit(netG, netD, loader, latent=16, epochs=2):
    bce = nn.BCEWithLogitsLoss()
    optD = torch.optim.SGD(netD.parameters(), lr=0.01)
    optG = torch.optim.SGD(netG.parameters(), lr=0.01)
    for _ in range(epochs):
        for real in loader:
            noise = torch.randn(real.size(0), latent)
            fake = netG(noise)
            ones = torch.ones(real.size(0), 1)
            zeros = torch.zeros(real.size(0), 1)
            lossD = bce(netD(real), ones) + bce(netD(fake.detach()), zeros)
            lossD.backward()
            optD.step()
            optD.zero_grad()  # cleared after its step: the generator's backward below refills it

            lossG = bce(netD(fake), ones)
            lossG.backward()
            optG.step()
            optG.zero_grad()
