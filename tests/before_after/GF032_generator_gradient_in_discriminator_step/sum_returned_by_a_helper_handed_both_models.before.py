import torch
import torch.nn.functional as F


def total_loss(G, D, real, z):
    fake = G(z)
    d_loss = F.relu(1 - D(real)).mean() + F.relu(1 + D(fake.detach())).mean()
    g_loss = -D(fake).mean()
    return d_loss + g_loss


def train(G, D, loader, z_dim):
    opt_g = torch.optim.Adam(G.parameters(), lr=2e-4)
    opt_d = torch.optim.Adam(D.parameters(), lr=2e-4)
    for real in loader:
        loss = total_loss(G, D, real, torch.randn(real.size(0), z_dim))
        opt_g.zero_grad()
        opt_d.zero_grad()
        loss.backward()
        opt_d.step()
        opt_g.step()
