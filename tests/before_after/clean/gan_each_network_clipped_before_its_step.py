"""A hinge-loss GAN: each network is clipped between its own backward and its own step."""

import torch


def train(G, D, loader, g_opt, d_opt, z_dim):
    for real in loader:
        d_opt.zero_grad()
        fake = G(torch.randn(real.size(0), z_dim))
        d_loss = torch.relu(1 - D(real)).mean() + torch.relu(1 + D(fake.detach())).mean()
        d_loss.backward()
        torch.nn.utils.clip_grad_norm_(D.parameters(), 1.0)
        d_opt.step()
        g_opt.zero_grad()
        g_loss = -D(fake).mean()
        g_loss.backward()
        torch.nn.utils.clip_grad_norm_(G.parameters(), 1.0)
        g_opt.step()
