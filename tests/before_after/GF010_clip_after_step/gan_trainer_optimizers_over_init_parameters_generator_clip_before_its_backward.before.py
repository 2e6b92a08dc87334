import torch
from torch import nn


class GanTrainer:
    def __init__(self, generator, discriminator, lr=2e-4):
        self.G = generator
        self.D = discriminator
        self.opt_g = torch.optim.Adam(generator.parameters(), lr=lr, betas=(0.5, 0.999))
        self.opt_d = torch.optim.Adam(discriminator.parameters(), lr=lr, betas=(0.5, 0.999))
        self.bce = nn.BCEWithLogitsLoss()

    def train_epoch(self, loader, z_dim):
        for real in loader:
            noise = torch.randn(real.size(0), z_dim)
            fake = self.G(noise)
            self.opt_d.zero_grad()
            d_loss = self.bce(self.D(real), torch.ones(real.size(0), 1)) + self.bce(self.D(fake.detach()), torch.zeros(real.size(0), 1))
            d_loss.backward()
            self.opt_d.step()
            self.opt_g.zero_grad()
            nn.utils.clip_grad_norm_(self.G.parameters(), 1.0)
            g_loss = self.bce(self.D(fake), torch.ones(real.size(0), 1))
            g_loss.backward()
            self.opt_g.step()
