import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, G, D):
        self.G = G
        self.D = D
        self.opt_g = torch.optim.Adam(G.parameters(), lr=2e-4)
        self.opt_d = torch.optim.Adam(D.parameters(), lr=2e-4)

    def losses(self, real, z):
        fake = self.G(z)
        d_loss = F.relu(1 - self.D(real)).mean() + F.relu(1 + self.D(fake.detach())).mean()
        g_loss = -self.D(fake).mean()
        return d_loss, g_loss

    def fit(self, loader, z_dim):
        for real in loader:
            d_loss, g_loss = self.losses(real, torch.randn(real.size(0), z_dim))
            self.opt_g.zero_grad()
            self.opt_d.zero_grad()
            (d_loss + g_loss).backward()
            self.opt_d.step()
            self.opt_g.step()
