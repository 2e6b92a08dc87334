import torch
import torch.nn as nn
import torch.nn.functional as F
import lightning.pytorch as pl


class AdversarialModule(pl.LightningModule):
    """Manual optimization: Lightning clears nothing between two calls of `training_step`."""

    def __init__(self, latent_dim: int = 16):
        super().__init__()
        self.automatic_optimization = False
        self.latent_dim = latent_dim
        self.generator = nn.Sequential(nn.Linear(latent_dim, 32), nn.ReLU(), nn.Linear(32, 8))
        self.discriminator = nn.Sequential(nn.Linear(8, 32), nn.LeakyReLU(0.2), nn.Linear(32, 1))

    def configure_optimizers(self):
        optimizer_g = torch.optim.Adam(self.generator.parameters(), lr=2e-4, betas=(0.5, 0.999))
        optimizer_d = torch.optim.Adam(self.discriminator.parameters(), lr=2e-4, betas=(0.5, 0.999))
        return optimizer_g, optimizer_d

    def training_step(self, batch, batch_idx):
        optimizer_g, optimizer_d = self.optimizers()
        real = batch[0]
        noise = torch.randn(real.size(0), self.latent_dim, device=self.device)
        fake = self.generator(noise)

        # discriminator
        real_score = self.discriminator(real)
        fake_score = self.discriminator(fake.detach())
        d_loss = F.softplus(-real_score).mean() + F.softplus(fake_score).mean()
        self.manual_backward(d_loss)
        optimizer_d.step()
        optimizer_d.zero_grad()

        # generator: its loss runs through the discriminator too
        g_loss = F.softplus(-self.discriminator(fake)).mean()
        self.manual_backward(g_loss)
        optimizer_g.step()
        optimizer_g.zero_grad()
        self.log_dict({"d_loss": d_loss, "g_loss": g_loss})
