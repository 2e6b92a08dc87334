import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, netG, netD):
        self.netG = netG
        self.netD = netD
        self.opt_g = torch.optim.Adam(netG.parameters(), lr=2e-4)
        self.opt_d = torch.optim.Adam(netD.parameters(), lr=2e-4)

    def objective(self, real, z):
        fake = self.netG(z)
        logits_fake = self.netD(fake)
        d_loss = F.softplus(-self.netD(real)).mean() + F.softplus(logits_fake).mean()
        g_loss = F.softplus(-logits_fake).mean()
        return d_loss + g_loss

    def fit(self, loader, z_dim):
        step = 0
        while step < 100:
            for real in loader:
                self.opt_g.zero_grad()
                self.opt_d.zero_grad()
                self.objective(real, torch.randn(real.size(0), z_dim)).backward()
                self.opt_d.step()
                self.opt_g.step()
                step += 1

