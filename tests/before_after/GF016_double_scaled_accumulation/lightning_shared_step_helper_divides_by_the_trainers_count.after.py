"""`training_step` hands back what a helper method returns, and the helper divides the loss by
`self.trainer.accumulate_grad_batches`: Lightning divides the returned loss by that count again.
The helper serves only `training_step`: the division goes."""
import lightning.pytorch as L
import torch
from torch import nn


class Classifier(L.LightningModule):
    def __init__(self, classes=5):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Linear(32, classes))

    def _common_step(self, batch):
        features, labels = batch
        logits = self.encoder(features)
        step_loss = nn.functional.cross_entropy(logits, labels)
        return step_loss

    def training_step(self, batch, batch_idx):
        return self._common_step(batch)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1, momentum=0.9)


L.Trainer(accumulate_grad_batches=4, max_epochs=2).fit(Classifier(), train_dataloaders=loader)
