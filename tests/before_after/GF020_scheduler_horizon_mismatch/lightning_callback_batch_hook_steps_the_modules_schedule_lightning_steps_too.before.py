import pytorch_lightning as pl
import torch
from torch import nn

EPOCHS = 12


class Warmup(pl.Callback):
    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        pl_module.lr_schedulers().step()


class Classifier(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(20, 5)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.cross_entropy(self.head(x), y)

    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.1)
        decay = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=self.trainer.max_epochs)
        return {"optimizer": opt, "lr_scheduler": decay}


def main(loader):
    trainer = pl.Trainer(max_epochs=EPOCHS, callbacks=[Warmup()])
    trainer.fit(Classifier(), loader)
