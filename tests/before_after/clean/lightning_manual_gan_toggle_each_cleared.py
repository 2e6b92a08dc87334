import pytorch_lightning as pl
import torch


class GAN(pl.LightningModule):
    def __init__(self, generator, discriminator):
        super().__init__()
        self.generator = generator
        self.discriminator = discriminator
        self.automatic_optimization = False

    def training_step(self, batch, batch_idx):
        g_opt, d_opt = self.optimizers()
        real, _ = batch
        noise = torch.randn(real.shape[0], 16, device=self.device)

        self.toggle_optimizer(g_opt)
        g_loss = -self.discriminator(self.generator(noise)).mean()
        g_opt.zero_grad()
        self.manual_backward(g_loss)
        self.clip_gradients(g_opt, gradient_clip_val=1.0, gradient_clip_algorithm="norm")
        g_opt.step()
        self.untoggle_optimizer(g_opt)

        self.toggle_optimizer(d_opt)
        fake = self.generator(noise).detach()
        d_loss = self.discriminator(fake).mean() - self.discriminator(real).mean()
        d_opt.zero_grad()
        self.manual_backward(d_loss)
        d_opt.step()
        self.untoggle_optimizer(d_opt)

    def configure_optimizers(self):
        return (
            torch.optim.Adam(self.generator.parameters(), lr=2e-4),
            torch.optim.Adam(self.discriminator.parameters(), lr=2e-4),
        )
