"""A GAN step: the discriminator's scheduler steps right after the discriminator's optimizer,
before the generator's step. It schedules the discriminator only."""

import torch


def train(generator, discriminator, loader, g_opt, d_opt, z_dim):
    d_sched = torch.optim.lr_scheduler.ExponentialLR(d_opt, gamma=0.99)
    for real in loader:
        d_opt.zero_grad()
        fake = generator(torch.randn(real.size(0), z_dim))
        d_loss = discriminator(fake.detach()).mean() - discriminator(real).mean()
        d_loss.backward()
        d_opt.step()
        d_sched.step()
        g_opt.zero_grad()
        g_loss = -discriminator(fake).mean()
        g_loss.backward()
        g_opt.step()
