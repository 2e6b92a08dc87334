import pytorch_lightning as pl
import torch


class Gan(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.generator = torch.nn.Linear(16, 32)
        self.discriminator = torch.nn.Linear(32, 1)

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        opt.zero_grad()
        fake = self.generator(torch.randn(batch.size(0), 16))
        loss = -self.discriminator(fake).mean() + self.discriminator(batch).mean()
        self.manual_backward(loss)
        # one optimizer over both nets: only the generator learns from this loss
        self.discriminator.zero_grad()
        opt.step()

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=2e-4)
