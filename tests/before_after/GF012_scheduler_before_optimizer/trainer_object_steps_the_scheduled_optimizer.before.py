# The optimizer steps in a method of a trainer object that stores it (`self.g_optimizer =
# g_optimizer`); the schedulers built over those optimizers step first in each iteration.
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


def main(generator, discriminator, loader, nz, epochs):
    g_optimizer = torch.optim.Adam(generator.parameters(), lr=1e-4)
    d_optimizer = torch.optim.Adam(discriminator.parameters(), lr=1e-4)
    g_scheduler = torch.optim.lr_scheduler.StepLR(g_optimizer, step_size=1000, gamma=0.5)
    d_scheduler = torch.optim.lr_scheduler.StepLR(d_optimizer, step_size=1000, gamma=0.5)
    trainer = Trainer(generator, discriminator, g_optimizer, d_optimizer=d_optimizer)
    it = 0
    for epoch in range(epochs):
        for x_real in loader:
            it += 1
            d_scheduler.step()
            g_scheduler.step()
            z = torch.randn(x_real.size(0), nz)
            dloss = trainer.discriminator_trainstep(x_real, z)
            gloss = trainer.generator_trainstep(z)
            if it % 100 == 0:
                print(it, dloss, gloss)
