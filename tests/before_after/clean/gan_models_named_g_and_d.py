"""A GAN with models named `G` and `D` written the usual way: the discriminator sees a detached
fake, and the generator's loss runs a fresh forward through the updated D."""
import torch
from torch import nn


def train(G, D, batches, latent=16):
    opt_G = torch.optim.Adam(G.parameters(), lr=2e-4)
    opt_D = torch.optim.Adam(D.parameters(), lr=2e-4)
    bce = nn.BCEWithLogitsLoss()
    for real in batches:
        fake = G(torch.randn(real.size(0), latent))
        opt_D.zero_grad()
        d_loss = bce(D(real), torch.ones(real.size(0), 1)) + bce(D(fake.detach()), torch.zeros(real.size(0), 1))
        d_loss.backward()
        opt_D.step()
        opt_G.zero_grad()
        bce(D(fake), torch.ones(real.size(0), 1)).backward()
        opt_G.step()
