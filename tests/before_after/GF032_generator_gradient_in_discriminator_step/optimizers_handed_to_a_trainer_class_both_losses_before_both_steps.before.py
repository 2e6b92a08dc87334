import torch
import torch.nn.functional as F


class AdversarialTrainer:
    def __init__(self, netG, netD, optG, optD):
        self.netG, self.netD = netG, netD
        self.optG = optG
        self.optD = optD

    def fit(self, loader, epochs):
        for _ in range(epochs):
            for masked, target in loader:
                filled = self.netG(masked)
                g_loss = F.l1_loss(filled, target) + F.softplus(-self.netD(filled)).mean()
                d_loss = F.softplus(-self.netD(target)).mean() + F.softplus(self.netD(filled.detach())).mean()
                self.optG.zero_grad()
                self.optD.zero_grad()
                g_loss.backward()
                d_loss.backward()
                self.optG.step()
                self.optD.step()


def main(gen, disc, loader):
    trainer = AdversarialTrainer(
        gen, disc, torch.optim.Adam(gen.parameters(), lr=2e-4), torch.optim.Adam(disc.parameters(), lr=2e-4)
    )
    trainer.fit(loader, 3)
