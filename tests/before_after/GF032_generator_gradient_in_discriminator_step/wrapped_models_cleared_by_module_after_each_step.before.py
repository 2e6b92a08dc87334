import torch
from torch.nn.parallel import DataParallel


class GANTrainer:
    def __init__(self, generator, discriminator):
        self.netG = DataParallel(generator)
        self.netD = DataParallel(discriminator)
        self.optG = torch.optim.Adam(self.netG.module.parameters(), lr=1e-4)
        self.optD = torch.optim.Adam(self.netD.module.parameters(), lr=1e-4)

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            for i, (z, real) in enumerate(loader):
                fake = self.netG(z)
                d_real = self.netD(real)
                d_fake = self.netD(fake.detach())
                errD = torch.nn.functional.softplus(-d_real).mean() + torch.nn.functional.softplus(d_fake).mean()
                errD.backward()
                self.optD.step()
                self.netD.zero_grad()
                errG = torch.nn.functional.softplus(-self.netD(fake)).mean()
                errG.backward()
                self.optG.step()
                self.netG.zero_grad()
