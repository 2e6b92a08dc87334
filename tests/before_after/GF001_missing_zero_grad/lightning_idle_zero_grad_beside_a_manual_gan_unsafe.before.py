import torch
from lightning.pytorch import LightningModule
from torch import nn


def gradient_norm(module):
    norms = [p.grad.norm() for p in module.parameters() if p.grad is not None]
    return torch.stack(norms).norm() if norms else torch.tensor(0.0)


class Adversarial(LightningModule):
    """Manual optimization: clears its own two optimizers."""

    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.gen = nn.Linear(4, 8)
        self.disc = nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        g_opt, d_opt = self.optimizers()
        d_opt.zero_grad()
        self.manual_backward(self.disc(self.gen(batch)).mean())
        d_opt.step()
        g_opt.zero_grad()
        self.manual_backward(-self.disc(self.gen(batch)).mean())
        g_opt.step()

    def configure_optimizers(self):
        return torch.optim.Adam(self.gen.parameters()), torch.optim.Adam(self.disc.parameters())


class Denoiser(LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(8, 32), nn.GELU(), nn.Linear(32, 8))

    def training_step(self, batch, batch_idx):
        noisy, clean = batch
        return nn.functional.mse_loss(self.net(noisy), clean)

    def on_before_optimizer_step(self, optimizer):
        self.log("grad_norm", gradient_norm(self.net))
        for p in self.net.parameters():
            if p.grad is not None and not torch.isfinite(p.grad).all():
                print("non-finite gradient")

    def optimizer_zero_grad(self, epoch, batch_idx, optimizer):
        return

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=3e-4)
