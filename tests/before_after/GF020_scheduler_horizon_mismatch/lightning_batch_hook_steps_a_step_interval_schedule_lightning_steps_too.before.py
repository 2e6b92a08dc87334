import lightning.pytorch as L
import torch
from torch import nn
from torch.optim.lr_scheduler import LinearLR, OneCycleLR


class Regressor(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(8, 16), nn.GELU(), nn.Linear(16, 1))

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.mse_loss(self.net(x), y)

    def on_train_batch_end(self, outputs, batch, batch_idx):
        self.lr_schedulers().step()

    def configure_optimizers(self):
        opt = torch.optim.AdamW(self.parameters(), lr=3e-4)
        ramp = OneCycleLR(opt, max_lr=1e-3, total_steps=self.trainer.estimated_stepping_batches)
        return {"optimizer": opt, "lr_scheduler": {"scheduler": ramp, "interval": "step"}}


class Ranker(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.score = nn.Linear(12, 1)

    def training_step(self, batch, batch_idx):
        a, b = batch
        return nn.functional.softplus(self.score(b) - self.score(a)).mean()

    def on_train_batch_start(self, batch, batch_idx):
        warm = self.lr_schedulers()
        warm.step()

    def configure_optimizers(self):
        sgd = torch.optim.SGD(self.parameters(), lr=0.1)
        warm = LinearLR(sgd, start_factor=0.1, total_iters=self.trainer.estimated_stepping_batches)
        return [sgd], [{"scheduler": warm, "interval": "step"}]
