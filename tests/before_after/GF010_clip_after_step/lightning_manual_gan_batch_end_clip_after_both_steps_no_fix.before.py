import pytorch_lightning as pl
import torch


class TinyGAN(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.gen = torch.nn.Linear(8, 2)
        self.disc = torch.nn.Linear(2, 1)

    def training_step(self, batch, batch_idx):
        g_opt, d_opt = self.optimizers()
        z = torch.randn(len(batch), 8)
        d_opt.zero_grad()
        d_loss = self.disc(self.gen(z).detach()).mean() - self.disc(batch).mean()
        self.manual_backward(d_loss)
        d_opt.step()
        g_opt.zero_grad()
        g_loss = -self.disc(self.gen(z)).mean()
        self.manual_backward(g_loss)
        g_opt.step()

    def on_train_batch_end(self, outputs, batch, batch_idx):
        torch.nn.utils.clip_grad_norm_(self.gen.parameters(), 1.0)

    def configure_optimizers(self):
        return torch.optim.RMSprop(self.gen.parameters(), lr=5e-5), torch.optim.RMSprop(self.disc.parameters(), lr=5e-5)
