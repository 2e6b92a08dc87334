import pytorch_lightning as pl
import torch
from torch.optim.lr_scheduler import CosineAnnealingLR


class Classifier(pl.LightningModule):
    def __init__(self, classes, total_steps):
        super().__init__()
        self.fc = torch.nn.Linear(64, classes)
        self.total_steps = total_steps

    def training_step(self, batch, batch_idx):
        features, labels = batch
        return torch.nn.functional.cross_entropy(self.fc(features), labels)

    def optimizer_step(self, epoch, batch_idx, opt, closure):
        self.cosine.step()
        self.log("lr", opt.param_groups[0]["lr"])
        opt.step(closure=closure)

    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.1, momentum=0.9)
        self.cosine = CosineAnnealingLR(opt, T_max=self.total_steps)
        return opt
