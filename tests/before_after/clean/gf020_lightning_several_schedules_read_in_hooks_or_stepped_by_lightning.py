import pytorch_lightning as pl
import torch
from torch import nn


class Denoiser(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(12, 12), nn.Tanh(), nn.Linear(12, 12))

    def training_step(self, batch, batch_idx):
        clean, noisy = batch
        return nn.functional.mse_loss(self.net(noisy), clean)

    def on_train_batch_end(self, outputs, batch, batch_idx):
        # read, not stepped: Lightning steps both once per epoch
        self.log("lr_cosine", self.lr_schedulers()[1].get_last_lr()[0])

    def configure_optimizers(self):
        opt = torch.optim.AdamW(self.parameters(), lr=2e-3)
        ramp = torch.optim.lr_scheduler.LinearLR(opt, start_factor=0.1, total_iters=3)
        cosine = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=self.trainer.max_epochs)
        return [opt], [ramp, cosine]


class Tracker(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(6, 2)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.cross_entropy(self.net(x), y)

    def configure_optimizers(self):
        sgd = torch.optim.SGD(self.parameters(), lr=0.05, momentum=0.9)
        per_batch = torch.optim.lr_scheduler.OneCycleLR(sgd, max_lr=0.1, total_steps=self.trainer.estimated_stepping_batches)
        decay = torch.optim.lr_scheduler.StepLR(sgd, step_size=self.trainer.max_epochs // 4)
        return [sgd], [{"scheduler": per_batch, "interval": "step"}, decay]


class ReportRates(pl.Callback):
    def on_train_batch_start(self, trainer, module, batch, batch_idx):
        second = module.lr_schedulers()[1]
        module.log("lr_decay", second.get_last_lr()[0])


def fit_tracker(loader):
    pl.Trainer(max_epochs=12, callbacks=[ReportRates()]).fit(Tracker(), loader)
