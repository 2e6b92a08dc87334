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

    def configure_optimizers(self):
        opt = torch.optim.Adam(self.parameters(), lr=1e-3)
        sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=MAX_EPOCHS)
        return {"optimizer": opt, "lr_scheduler": sched}


class AnnealEachBatch(pl.Callback):
    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        trainer.lr_scheduler_configs[0].scheduler.step()


class Ranker(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.score = nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        left, right = batch
        return nn.functional.softplus(self.score(right) - self.score(left)).mean()

    def on_train_batch_start(self, batch, batch_idx):
        config = self.trainer.lr_scheduler_configs[1].scheduler
        config.step()

    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.01)
        warm = torch.optim.lr_scheduler.LinearLR(opt, start_factor=0.2, total_iters=2)
        tail = torch.optim.lr_scheduler.StepLR(opt, step_size=self.trainer.max_epochs // 3)
        return [opt], [warm, tail]


def train_segmenter(loader):
    pl.Trainer(max_epochs=MAX_EPOCHS, callbacks=[AnnealEachBatch()]).fit(Segmenter(), loader)
