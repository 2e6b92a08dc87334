# A GAN whose discriminator step is a helper that clears and steps its own optimizer
# (`d_step(disc, opt_d, ...)`); the loop then backpropagates the generator's loss and steps
# `opt_g`, which nothing clears. The helper's clear is of `opt_d` only: reported, the clear
# of `opt_g` going right after the statement calling the helper.
import torch
import torch.nn.functional as F


def d_step(disc, opt_d, real, fake):
    opt_d.zero_grad()
    loss = F.softplus(-disc(real)).mean() + F.softplus(disc(fake.detach())).mean()
    loss.backward()
    opt_d.step()


def train(gen, disc, loader, epochs):
    opt_g = torch.optim.Adam(gen.parameters(), lr=2e-4)
    opt_d = torch.optim.Adam(disc.parameters(), lr=2e-4)
    for epoch in range(epochs):
        for real in loader:
            fake = gen(torch.randn(real.shape[0], 16))
            d_step(disc, opt_d, real, fake)
            g_loss = F.softplus(-disc(fake)).mean()
            g_loss.backward()
            opt_g.step()
