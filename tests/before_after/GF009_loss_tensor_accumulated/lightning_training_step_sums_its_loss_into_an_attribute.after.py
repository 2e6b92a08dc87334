import lightning as L
import torch
from torch import nn
from torch.nn import functional as F


class Denoiser(L.LightningModule):
    def __init__(self, width=32):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(width, 16), nn.GELU())
        self.decoder = nn.Linear(16, width)
        self.epoch_recon = 0.0
        self.kl_history = []

    def training_step(self, batch, batch_idx):
        clean, noisy = batch
        code = self.encoder(noisy)
        recon = F.l1_loss(self.decoder(code), clean)
        kl = code.pow(2).mean()
        self.epoch_recon += recon.detach()  # summed for the epoch log
        self.kl_history.append(kl)
        return recon + 0.01 * kl

    def on_train_epoch_end(self):
        self.log("recon", float(self.epoch_recon))
        self.log("kl", torch.stack(self.kl_history).mean())
        self.epoch_recon = 0.0
        self.kl_history.clear()

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=3e-4)
