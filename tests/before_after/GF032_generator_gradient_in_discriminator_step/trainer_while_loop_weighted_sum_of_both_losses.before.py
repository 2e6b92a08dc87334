import torch
import torch.nn.functional as F


class GANTrainer:
    def __init__(self, generator, discriminator, adv_weight=0.1):
        self.generator = generator
        self.discriminator = discriminator
        self.adv_weight = adv_weight
        self.opt_g = torch.optim.Adam(generator.parameters(), lr=2e-4)
        self.opt_d = torch.optim.Adam(discriminator.parameters(), lr=2e-4)

    def train(self, loader, z_dim, steps):
        batches = iter(loader)
        step = 0
        while step < steps:
            real = next(batches)
            fake = self.generator(torch.randn(real.size(0), z_dim))
            logits_fake = self.discriminator(fake)
            d_loss = F.softplus(-self.discriminator(real)).mean() + F.softplus(logits_fake).mean()
            g_loss = F.softplus(-logits_fake).mean()
            self.opt_g.zero_grad()
            self.opt_d.zero_grad()
            (d_loss + self.adv_weight * g_loss).backward()
            self.opt_g.step()
            self.opt_d.step()
            step += 1
