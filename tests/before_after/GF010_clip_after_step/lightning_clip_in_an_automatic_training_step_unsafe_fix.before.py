import lightning.pytorch as L
import torch
from torch import nn
from torch.nn.utils import clip_grad_value_


class Segmenter(L.LightningModule):
    def __init__(self, channels: int = 3, classes: int = 4):
        super().__init__()
        self.backbone = nn.Conv2d(channels, 16, 3, padding=1)
        self.head = nn.Conv2d(16, classes, 1)

    def forward(self, images):
        return self.head(torch.relu(self.backbone(images)))

    def training_step(self, batch, batch_idx):
        images, masks = batch
        logits = self(images)
        loss = nn.functional.cross_entropy(logits, masks)
        clip_grad_value_(self.parameters(), clip_value=0.5)
        self.log("train/loss", loss)
        return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=3e-4)
