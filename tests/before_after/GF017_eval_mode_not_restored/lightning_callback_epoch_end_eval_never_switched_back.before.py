import pytorch_lightning as pl
import torch
import torch.nn.functional as F
from torch import nn


class EpochProbe(pl.Callback):
    def __init__(self, probe_batch):
        self.probe_batch = probe_batch

    def on_train_epoch_end(self, trainer, pl_module):
        pl_module.eval()
        with torch.inference_mode():
            features, labels = self.probe_batch
            accuracy = (pl_module.net(features).argmax(1) == labels).float().mean()
        trainer.logger.log_metrics({"probe": accuracy.item()}, step=trainer.global_step)


class Classifier(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(20, 40), nn.Dropout(0.5), nn.Linear(40, 4))

    def training_step(self, batch, batch_idx):
        features, labels = batch
        return F.cross_entropy(self.net(features), labels)

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-3)


def main(loader, probe_batch):
    trainer = pl.Trainer(max_epochs=5, callbacks=[EpochProbe(probe_batch)])
    trainer.fit(Classifier(), loader)
