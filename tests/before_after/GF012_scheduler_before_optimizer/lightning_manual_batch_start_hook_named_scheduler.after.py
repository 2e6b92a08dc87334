import lightning as L
import torch
from torch import nn


class Denoiser(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.unet = nn.Sequential(nn.Conv2d(3, 32, 3, padding=1), nn.SiLU(), nn.Conv2d(32, 3, 3, padding=1))
        self.automatic_optimization = False

    def training_step(self, batch, idx):
        opt = self.optimizers()
        clean = batch
        noisy = clean + 0.1 * torch.randn_like(clean)
        loss = nn.functional.mse_loss(self.unet(noisy), clean)
        opt.zero_grad(set_to_none=True)
        self.manual_backward(loss)
        opt.step()
        return loss

    def on_train_batch_end(self, outputs, batch, idx):
        """Advance the cosine schedule once per batch."""
        cosine = self.lr_schedulers()
        cosine.step()

    def configure_optimizers(self):
        opt = torch.optim.Adam(self.unet.parameters(), lr=2e-4)
        return [opt], [torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=10_000)]
