import torch
import torch.nn.functional as F


class GANTrainer:
    def __init__(self, netG, netD, n_dis=3):
        self.netG, self.netD, self.n_dis = netG, netD, n_dis
        self.optG = torch.optim.Adam(netG.parameters(), lr=2e-4, betas=(0.0, 0.9))
        self.optD = torch.optim.Adam(netD.parameters(), lr=2e-4, betas=(0.0, 0.9))

    def train_epoch(self, loader):
        batches = iter(loader)
        for real in loader:
            self.optG.zero_grad()
            lossG = F.softplus(-self.netD(self.netG(torch.randn(len(real), 32)))).mean()
            lossG.backward()
            self.optG.step()
            for _ in range(self.n_dis):
                x = next(batches)
                with torch.no_grad():
                    fake = self.netG(torch.randn(len(x), 32))
                lossD = F.softplus(-self.netD(x)).mean() + F.softplus(self.netD(fake)).mean()
                lossD.backward()
                self.optD.step()
                self.optD.zero_grad()
