import pytorch_lightning as pl
import torch
import torch.nn as nn
import torch.nn.functional as F


class Distiller(pl.LightningModule):
    def __init__(self, teacher, student):
        super().__init__()
        self.teacher = teacher
        self.student = student

    def training_step(self, batch, batch_idx):
        x, _ = batch
        with torch.no_grad():
            target = self.teacher(x).softmax(-1)
        return F.kl_div(self.student(x).log_softmax(-1), target, reduction="batchmean")

    def on_train_batch_end(self, outputs, batch, batch_idx):
        self.teacher.eval()

    def configure_optimizers(self):
        return torch.optim.SGD(self.student.parameters(), lr=0.01, momentum=0.9)
