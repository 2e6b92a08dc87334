import itertools

import torch
import torch.nn.functional as F


def train_epoch(encoder, decoder, disc, loader):
    opt_ae = torch.optim.Adam(itertools.chain(encoder.parameters(), decoder.parameters()), lr=1e-3)
    opt_disc = torch.optim.Adam(disc.parameters(), lr=1e-3)
    for x in loader:
        opt_ae.zero_grad()
        opt_disc.zero_grad()
        recon = decoder(encoder(x))
        g_loss = F.mse_loss(recon, x) + F.softplus(-disc(recon)).mean()
        d_loss = F.softplus(-disc(x)).mean() + F.softplus(disc(recon.detach())).mean()
        g_loss.backward()
        d_loss.backward()
        opt_ae.step()
        opt_disc.step()
