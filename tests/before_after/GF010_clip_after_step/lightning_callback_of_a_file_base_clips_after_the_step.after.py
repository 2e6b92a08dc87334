import pytorch_lightning as pl
import torch
from pytorch_lightning.callbacks import Callback


class Verbose(Callback):
    def on_fit_start(self, trainer, pl_module):
        print("fit")


class NormGuard(Verbose):
    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        torch.nn.utils.clip_grad_norm_(pl_module.parameters(), max_norm=2.0)


class ValueGuard(Verbose):
    def on_before_optimizer_step(self, trainer, pl_module, optimizer):
        torch.nn.utils.clip_grad_value_(pl_module.parameters(), 0.5)


class Strict(NormGuard):
    """A renamed hook of its own would hide its base's renamed one: reported without a fix."""

    def on_before_zero_grad(self, trainer, pl_module, optimizer):
        torch.nn.utils.clip_grad_value_(pl_module.parameters(), 0.1)


class Hooked(Verbose):
    def on_before_optimizer_step(self, trainer, pl_module, optimizer):
        print("about to step")


class LateGuard(Hooked):
    """Its base already has the hook a rename would hide: reported without a fix."""

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        torch.nn.utils.clip_grad_norm_(pl_module.parameters(), 1.0)


class Scorer(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Linear(10, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return torch.nn.functional.mse_loss(self.head(x), y)

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


def fit(loader):
    pl.Trainer(max_epochs=1, callbacks=[ValueGuard(), LateGuard(), Strict()]).fit(Scorer(), loader)
