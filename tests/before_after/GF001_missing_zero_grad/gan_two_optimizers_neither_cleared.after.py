import torch
from torch import nn

netG = nn.Sequential(nn.Linear(16, 64), nn.ReLU(), nn.Linear(64, 2))
netD = nn.Sequential(nn.Linear(2, 64), nn.LeakyReLU(0.2), nn.Linear(64, 1))
optimizer_D = torch.optim.Adam(netD.parameters(), lr=2e-4, betas=(0.5, 0.999))
optimizer_G = torch.optim.Adam(netG.parameters(), lr=2e-4, betas=(0.5, 0.999))
bce = nn.BCEWithLogitsLoss()


def train(dataloader, epochs):
    for epoch in range(epochs):
        for real in dataloader:
            optimizer_D.zero_grad(set_to_none=True)
            noise = torch.randn(real.size(0), 16)
            fake = netG(noise)

            # discriminator: real vs. fake
            d_real = netD(real)
            d_fake = netD(fake.detach())
            loss_D = bce(d_real, torch.ones_like(d_real)) + bce(d_fake, torch.zeros_like(d_fake))
            loss_D.backward()
            optimizer_D.step()
            optimizer_G.zero_grad(set_to_none=True)

            # generator: fool the discriminator
            d_gen = netD(fake)
            loss_G = bce(d_gen, torch.ones_like(d_gen))
            loss_G.backward()
            optimizer_G.step()
