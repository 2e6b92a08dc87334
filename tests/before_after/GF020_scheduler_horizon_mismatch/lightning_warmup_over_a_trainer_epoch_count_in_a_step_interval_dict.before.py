import pytorch_lightning as pl
import torch
from torch import nn

EPOCHS = 30


class Regressor(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.smooth_l1_loss(self.head(x), y)

    def configure_optimizers(self):
        opt = torch.optim.Adam(self.parameters(), lr=3e-3)
        warmup = torch.optim.lr_scheduler.LinearLR(opt, start_factor=0.01, total_iters=EPOCHS // 10)
        return {
            "optimizer": opt,
            "lr_scheduler": {"scheduler": warmup, "interval": "step", "frequency": 1},
        }


def main(loader):
    pl.Trainer(max_epochs=EPOCHS, accelerator="cpu").fit(Regressor(), loader)
