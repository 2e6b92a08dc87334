"""Each scheduler `configure_optimizers` returns is stepped at the level its horizon counts:
optimizer steps with `"interval": "step"`, epochs per epoch (the default interval, or
`"interval": "epoch"`); one stepped every 2nd epoch (`"frequency": 2`) is not judged. Left alone."""
import pytorch_lightning as pl
import torch
from torch import nn

EPOCHS = 12


class Ranker(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.scorer = nn.Linear(16, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.mse_loss(self.scorer(x), y)

    def configure_optimizers(self):
        sgd = torch.optim.SGD(self.parameters(), lr=0.1)
        cycle = torch.optim.lr_scheduler.OneCycleLR(sgd, max_lr=0.4, total_steps=self.trainer.estimated_stepping_batches)
        return {"optimizer": sgd, "lr_scheduler": {"scheduler": cycle, "interval": "step"}}


class Decayed(pl.LightningModule):
    def configure_optimizers(self):
        adam = torch.optim.Adam(self.parameters(), lr=1e-3)
        decay = torch.optim.lr_scheduler.StepLR(adam, step_size=EPOCHS)
        return {"optimizer": adam, "lr_scheduler": {"scheduler": decay, "interval": "epoch"}}


class Cosine(pl.LightningModule):
    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.1)
        return [opt], [torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=EPOCHS)]


class EveryOther(pl.LightningModule):
    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.1)
        steps = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=self.trainer.num_training_batches)
        return {"optimizer": opt, "lr_scheduler": {"scheduler": steps, "interval": "epoch", "frequency": 2}}


def fit(module, loader):
    pl.Trainer(max_epochs=EPOCHS).fit(module, loader)
