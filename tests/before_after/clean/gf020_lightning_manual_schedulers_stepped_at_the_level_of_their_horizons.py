"""Manual-optimization LightningModules stepping their scheduler by hand at the level its
horizon counts: an epoch horizon in `on_train_epoch_end`, a horizon of optimizer steps after each
update in `training_step`, and one stepped in both hooks (not read). Left alone."""
import pytorch_lightning as pl
import torch


class EpochDecay(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.lin = torch.nn.Linear(6, 1)

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        x, y = batch
        opt.zero_grad()
        self.manual_backward(torch.nn.functional.mse_loss(self.lin(x), y))
        opt.step()

    def on_train_epoch_end(self):
        self.lr_schedulers().step()

    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.1)
        return [opt], [torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=self.trainer.max_epochs)]


class StepDecay(EpochDecay):
    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        x, y = batch
        opt.zero_grad()
        self.manual_backward(torch.nn.functional.mse_loss(self.lin(x), y))
        opt.step()
        self.lr_schedulers().step()

    def on_train_epoch_end(self):
        pass

    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.1)
        return [opt], [torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=self.trainer.estimated_stepping_batches)]


class Both(EpochDecay):
    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        x, y = batch
        opt.zero_grad()
        self.manual_backward(torch.nn.functional.mse_loss(self.lin(x), y))
        opt.step()
        if batch_idx % 10 == 0:
            self.lr_schedulers().step()

    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.1)
        return [opt], [torch.optim.lr_scheduler.StepLR(opt, step_size=self.trainer.estimated_stepping_batches // 10)]
