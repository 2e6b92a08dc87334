import lightning.pytorch as L
import torch
from torch import nn


class Timed(L.Callback):
    def on_train_epoch_start(self, trainer, pl_module):
        print("epoch", trainer.current_epoch)


class Sanitize(Timed):
    """Drops non-finite gradients before each update."""

    def on_before_optimizer_step(self, trainer, module, opt):
        opt.zero_grad()


class Reset(Sanitize):
    def on_after_backward(self, trainer, pl_module):
        pl_module.zero_grad()


class Probe(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(12, 3)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.cross_entropy(self.fc(x), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.2)


def run(loader):
    L.Trainer(max_epochs=2, callbacks=[Reset()]).fit(Probe(), loader)
