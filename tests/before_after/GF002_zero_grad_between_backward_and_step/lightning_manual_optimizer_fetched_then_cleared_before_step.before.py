# Manual optimization: the optimizer is fetched first in the step (`self.optimizers()`), and
# cleared after the backward, right before its step: the step applies nothing. The clear goes
# right after the statement fetching it.
import pytorch_lightning as pl
import torch
import torch.nn as nn
import torch.nn.functional as F


class Denoiser(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.net = nn.Sequential(nn.Linear(16, 64), nn.SiLU(), nn.Linear(64, 16))

    def training_step(self, batch, batch_idx):
        optimizer = self.optimizers()
        clean = batch[0]
        noise = torch.randn_like(clean)
        loss = F.mse_loss(self.net(clean + 0.1 * noise), noise)
        self.manual_backward(loss)
        self.clip_gradients(optimizer, gradient_clip_val=1.0, gradient_clip_algorithm="norm")
        optimizer.zero_grad()
        optimizer.step()
        self.log("loss", loss)

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-3)
