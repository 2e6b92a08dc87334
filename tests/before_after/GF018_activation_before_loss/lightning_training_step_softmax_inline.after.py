import lightning as L
import torch
import torch.nn.functional as F
from torch import nn


class LitClassifier(L.LightningModule):
    def __init__(self, classes: int = 10):
        super().__init__()
        self.backbone = nn.Sequential(nn.Flatten(), nn.Linear(784, 128), nn.ReLU())
        self.head = nn.Linear(128, classes)

    def forward(self, images):
        return self.head(self.backbone(images))

    def _shared_step(self, batch):
        images, labels = batch
        probs = self(images)  # read again only by the loss
        return F.cross_entropy(probs, labels)

    def training_step(self, batch, batch_idx):
        loss = self._shared_step(batch)
        self.log("train_loss", loss)
        return loss

    def validation_step(self, batch, batch_idx):
        images, labels = batch
        probs = F.softmax(self(images), dim=1)
        self.log("val_acc", (probs.argmax(1) == labels).float().mean())

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)
