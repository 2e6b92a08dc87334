import pytorch_lightning as pl
import torch
from torch import nn

MAX_EPOCHS = 30


class Segmenter(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(2, 4, 3, padding=1)

    def training_step(self, batch, batch_idx):
        signal, mask = batch
        return nn.functional.binary_cross_entropy_with_logits(self.conv(signal), mask)

    def on_train_batch_start(self, batch, batch_idx):
        self.log("lr", self.trainer.lr_scheduler_configs[0].scheduler.get_last_lr()[0])

    def configure_optimizers(self):
        opt = torch.optim.Adam(self.parameters(), lr=1e-3)
        sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=MAX_EPOCHS)
        return {"optimizer": opt, "lr_scheduler": sched}


class LogEachBatch(pl.Callback):
    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        pl_module.log("interval", trainer.lr_scheduler_configs[0].interval == "epoch")


class AnnealAtEpochEnd(pl.Callback):
    def on_train_epoch_end(self, trainer, pl_module):
        pl_module.log("lr_end", trainer.lr_scheduler_configs[0].scheduler.get_last_lr()[0])


def train_segmenter(loader):
    pl.Trainer(max_epochs=MAX_EPOCHS, callbacks=[LogEachBatch(), AnnealAtEpochEnd()]).fit(Segmenter(), loader)
