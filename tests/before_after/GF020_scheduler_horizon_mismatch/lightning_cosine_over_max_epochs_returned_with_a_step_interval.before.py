import lightning.pytorch as L
import torch
from torch import nn
from torch.optim.lr_scheduler import CosineAnnealingLR


class Denoiser(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(32, 64), nn.GELU(), nn.Linear(64, 32))

    def training_step(self, batch, batch_idx):
        noisy = batch + 0.1 * torch.randn_like(batch)
        return nn.functional.mse_loss(self.net(noisy), batch)

    def configure_optimizers(self):
        adam = torch.optim.AdamW(self.parameters(), lr=1e-3)
        # one cosine over the run's epochs (but stepped after every optimizer step)
        return [adam], [{"scheduler": CosineAnnealingLR(adam, T_max=self.trainer.max_epochs - 1), "interval": "step"}]
