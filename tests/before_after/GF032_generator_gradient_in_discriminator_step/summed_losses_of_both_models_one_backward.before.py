import torch
from torch import nn


def train(gen, disc, batches, z_dim):
    opt_gen = torch.optim.Adam(gen.parameters(), lr=2e-4, betas=(0.5, 0.999))
    opt_disc = torch.optim.Adam(disc.parameters(), lr=2e-4, betas=(0.5, 0.999))
    bce = nn.BCEWithLogitsLoss()
    for images in batches:
        n = images.size(0)
        generated = gen(torch.randn(n, z_dim))
        opt_disc.zero_grad()
        opt_gen.zero_grad()
        disc_loss = bce(disc(images), torch.ones(n, 1)) + bce(disc(generated), torch.zeros(n, 1))
        gen_loss = bce(disc(generated), torch.ones(n, 1))
        (disc_loss + gen_loss).backward()
        opt_disc.step()
        opt_gen.step()
