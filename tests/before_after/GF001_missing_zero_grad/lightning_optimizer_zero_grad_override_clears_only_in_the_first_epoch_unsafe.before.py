# A LightningModule (automatic optimization) whose `optimizer_zero_grad` override clears only
# while `epoch` is 0 (written as `not epoch`, on the module itself): from the second epoch on,
# nothing clears, and every step applies the gradients of all batches since the first epoch
# ended.
import torch
from torch import nn
from lightning.pytorch import LightningModule, Trainer


class Denoiser(LightningModule):
    def __init__(self, channels=8):
        super().__init__()
        self.net = nn.Sequential(nn.Conv1d(channels, channels, 3, padding=1), nn.SiLU(), nn.Conv1d(channels, channels, 3, padding=1))

    def training_step(self, batch, batch_idx):
        noisy, clean = batch
        return nn.functional.mse_loss(self.net(noisy), clean)

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)

    def optimizer_zero_grad(self, epoch, batch_idx, optimizer):
        if not epoch:
            self.zero_grad(set_to_none=True)


def fit(loader):
    Trainer(max_epochs=4).fit(Denoiser(), loader)
