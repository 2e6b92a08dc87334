import pytorch_lightning as pl
import torch
import torch.nn as nn
import torch.nn.functional as F


class Tagger(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 5))
        self.automatic_optimization = False

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        x, y = batch
        loss = F.cross_entropy(self.net(x), y)
        opt.zero_grad(set_to_none=True)
        self.manual_backward(loss)
        opt.step()
        self.lr_schedulers().step()

    def on_train_batch_start(self, batch, batch_idx):
        self.log("lr", self.lr_schedulers().get_last_lr()[0])

    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.1, momentum=0.9)
        return [opt], [torch.optim.lr_scheduler.StepLR(opt, step_size=100, gamma=0.5)]
