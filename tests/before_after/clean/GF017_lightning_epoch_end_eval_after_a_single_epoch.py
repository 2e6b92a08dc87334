import pytorch_lightning as pl
import torch
import torch.nn.functional as F
from torch import nn


class Finetune(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.head = nn.Sequential(nn.Dropout(0.1), nn.Linear(12, 3))
        self.final_loss = None

    def training_step(self, batch, batch_idx):
        x, y = batch
        return F.cross_entropy(self.head(x), y)

    def on_train_epoch_end(self):
        # the only epoch is over: evaluate and keep the module in eval mode for export
        self.eval()
        with torch.no_grad():
            self.final_loss = float("nan")

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


def finetune(loader):
    module = Finetune()
    pl.Trainer(max_epochs=1, accelerator="cpu").fit(module, loader)
    return module
