import lightning as L
import torch


class GAN(L.LightningModule):
    def __init__(self, generator, discriminator):
        super().__init__()
        self.generator = generator
        self.discriminator = discriminator
        self.automatic_optimization = False

    def training_step(self, batch, batch_idx):
        g_opt, d_opt = self.optimizers()
        g_opt.zero_grad(set_to_none=True)
        real, _ = batch
        noise = torch.randn(real.shape[0], 16, device=self.device)

        self.toggle_optimizer(g_opt)
        g_loss = -self.discriminator(self.generator(noise)).mean()
        self.manual_backward(g_loss)
        g_opt.step()
        d_opt.zero_grad(set_to_none=True)
        self.untoggle_optimizer(g_opt)

        self.toggle_optimizer(d_opt)
        fake = self.generator(noise).detach()
        d_loss = self.discriminator(fake).mean() - self.discriminator(real).mean()
        self.manual_backward(d_loss)
        d_opt.step()
        self.untoggle_optimizer(d_opt)

    def configure_optimizers(self):
        g_opt = torch.optim.Adam(self.generator.parameters(), lr=2e-4)
        d_opt = torch.optim.Adam(self.discriminator.parameters(), lr=2e-4)
        return g_opt, d_opt
