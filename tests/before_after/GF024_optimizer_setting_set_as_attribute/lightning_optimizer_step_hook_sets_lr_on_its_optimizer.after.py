import pytorch_lightning as pl
import torch
import torch.nn as nn
import torch.nn.functional as F


class LitViT(pl.LightningModule):
    def __init__(self, backbone, classes, base_lr=1e-3, warmup_steps=500):
        super().__init__()
        self.backbone = backbone
        self.head = nn.Linear(768, classes)
        self.base_lr = base_lr
        self.warmup_steps = warmup_steps

    def training_step(self, batch, batch_idx):
        images, labels = batch
        loss = F.cross_entropy(self.head(self.backbone(images)), labels, label_smoothing=0.1)
        self.log("train/loss", loss)
        return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.base_lr, weight_decay=0.05)

    def optimizer_step(self, epoch, batch_idx, optimizer, optimizer_closure=None):
        if self.trainer.global_step < self.warmup_steps:
            optimizer.lr = self.base_lr * (self.trainer.global_step + 1) / self.warmup_steps
            for param_group in optimizer.param_groups:
                param_group["lr"] = optimizer.lr
        optimizer.step(closure=optimizer_closure)
