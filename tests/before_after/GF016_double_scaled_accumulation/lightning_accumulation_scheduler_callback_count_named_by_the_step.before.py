import pytorch_lightning as pl
import torch
from pytorch_lightning.callbacks import GradientAccumulationScheduler
from torch import nn

ACCUMULATE = 4
SCHEDULE = {0: ACCUMULATE}
CALLBACKS = (GradientAccumulationScheduler(scheduling=SCHEDULE),)


class Denoiser(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 16))

    def training_step(self, batch, batch_idx):
        clean = batch[0]
        noisy = clean + 0.1 * torch.randn_like(clean)
        loss = nn.functional.l1_loss(self.net(noisy), clean)
        self.log("train_loss", loss)
        return loss / ACCUMULATE

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


def train(loader):
    trainer = pl.Trainer(max_epochs=5, callbacks=CALLBACKS)
    trainer.fit(Denoiser(), loader)
