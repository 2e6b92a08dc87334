"""Horizons written as the epoch count times a DataLoader's length, each at its level: stepped
every optimizer step (`"interval": "step"`); a product over the dataset's length (samples, not
batches) and a loader handed in as a parameter are not read as batches. Left alone."""
import pytorch_lightning as pl
import torch
from torch.utils.data import DataLoader, TensorDataset

EPOCHS = 5
LOADER = DataLoader(TensorDataset(torch.randn(64, 3), torch.randn(64, 1)), batch_size=8)


class PerStep(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return torch.nn.functional.mse_loss(self.lin(x), y)

    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.05)
        steps = EPOCHS * len(LOADER)
        sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.1, total_steps=steps)
        return {"optimizer": opt, "lr_scheduler": {"scheduler": sched, "interval": "step"}}


class OverSamples(PerStep):
    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.05)
        sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=EPOCHS * len(LOADER.dataset))
        return [opt], [sched]


def fit(model, loader):
    class Local(PerStep):
        def configure_optimizers(self):
            opt = torch.optim.SGD(self.parameters(), lr=0.05)
            return {"optimizer": opt, "lr_scheduler": torch.optim.lr_scheduler.LinearLR(opt, total_iters=EPOCHS * len(loader))}

    pl.Trainer(max_epochs=EPOCHS, accelerator="cpu").fit(Local(), loader)
    pl.Trainer(max_epochs=EPOCHS, accelerator="cpu").fit(model, LOADER)
