import lightning as L
import torch
from lightning.pytorch.callbacks import Callback
from torch import nn
from torch.nn.utils import clip_grad_norm_


class ClipAndLog(Callback):
    def __init__(self, max_norm):
        self.max_norm = max_norm

    def on_before_zero_grad(self, trainer, pl_module, optimizer):
        norm = clip_grad_norm_(pl_module.parameters(), max_norm=self.max_norm)
        pl_module.log("grad_norm", norm)


class Classifier(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(8, 3)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.cross_entropy(self.net(x), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def fit(loader):
    L.Trainer(max_epochs=3, callbacks=[ClipAndLog(1.0)]).fit(Classifier(), loader)
