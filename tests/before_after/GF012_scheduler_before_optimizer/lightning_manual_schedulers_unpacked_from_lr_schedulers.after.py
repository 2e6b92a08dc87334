import lightning.pytorch as pl
import torch
import torch.nn.functional as F
from torch import nn


class GAN(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.generator = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
        self.discriminator = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 1))

    def training_step(self, batch, batch_idx):
        opt_g, opt_d = self.optimizers()
        sch_g, sch_d = self.lr_schedulers()
        real = batch
        noise = torch.randn(real.size(0), 8, device=self.device)

        fake = self.generator(noise)
        g_loss = F.binary_cross_entropy_with_logits(self.discriminator(fake), torch.ones(real.size(0), 1))
        opt_g.zero_grad()
        self.manual_backward(g_loss)
        opt_g.step()
        sch_g.step()

        d_loss = F.binary_cross_entropy_with_logits(self.discriminator(real), torch.ones(real.size(0), 1))
        d_loss = d_loss + F.binary_cross_entropy_with_logits(self.discriminator(fake.detach()), torch.zeros(real.size(0), 1))
        opt_d.zero_grad()
        self.manual_backward(d_loss)
        opt_d.step()
        sch_d.step()  # before its optimizer's step

    def configure_optimizers(self):
        opt_g = torch.optim.Adam(self.generator.parameters(), lr=2e-4)
        opt_d = torch.optim.Adam(self.discriminator.parameters(), lr=2e-4)
        sch_g = torch.optim.lr_scheduler.StepLR(opt_g, step_size=100)
        sch_d = torch.optim.lr_scheduler.StepLR(opt_d, step_size=100)
        return [opt_g, opt_d], [sch_g, sch_d]
