import torch
import torch.nn.functional as F


def train(E, G, D, loader, z_dim):
    opt_e = torch.optim.Adam(E.parameters(), lr=1e-3)
    opt_g = torch.optim.Adam(G.parameters(), lr=2e-4)
    opt_d = torch.optim.Adam(D.parameters(), lr=2e-4)
    for real in loader:
        opt_e.zero_grad()
        rec = F.mse_loss(G(E(real)).detach() + E(real).mean(), real)
        rec.backward()
        opt_e.step()
        fake = G(torch.randn(real.size(0), z_dim))
        d_loss = F.relu(1 - D(real)).mean() + F.relu(1 + D(fake)).mean()
        g_loss = -D(fake).mean()
        opt_d.zero_grad()
        opt_g.zero_grad()
        (d_loss + g_loss).backward()
        opt_d.step()
        opt_g.step()
