import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, generator, discriminator, g_optimizer, d_optimizer):
        self.generator = generator
        self.discriminator = discriminator
        self.g_optimizer = g_optimizer
        self.d_optimizer = d_optimizer

    def generator_trainstep(self, z):
        self.g_optimizer.zero_grad()
        fake = self.generator(z)
        loss = F.softplus(-self.discriminator(fake)).mean()
        loss.backward()
        self.g_optimizer.step()
        return loss.item()

    def discriminator_trainstep(self, x_real, z):
        self.d_optimizer.zero_grad()
        with torch.no_grad():
            fake = self.generator(z)
        loss = F.softplus(self.discriminator(fake)).mean() + F.softplus(-self.discriminator(x_real)).mean()
        loss.backward()
        self.d_optimizer.step()
        return loss.item()
