import lightning.pytorch as L
import torch
from torch import nn
from torch.optim.lr_scheduler import OneCycleLR


class Regressor(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(8, 16), nn.GELU(), nn.Linear(16, 1))

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.mse_loss(self.net(x), y)

    def on_train_batch_end(self, outputs, batch, batch_idx):
        self.log("lr", self.lr_schedulers().get_last_lr()[0])

    def configure_optimizers(self):
        opt = torch.optim.AdamW(self.parameters(), lr=3e-4)
        ramp = OneCycleLR(opt, max_lr=1e-3, total_steps=self.trainer.estimated_stepping_batches)
        return {"optimizer": opt, "lr_scheduler": {"scheduler": ramp, "interval": "step"}}


class OwnStepping(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.mse_loss(self.net(x), y)

    def on_train_batch_end(self, outputs, batch, batch_idx):
        self.lr_schedulers().step()

    def lr_scheduler_step(self, scheduler, metric):
        pass  # stepped in the hook alone

    def configure_optimizers(self):
        opt = torch.optim.AdamW(self.parameters(), lr=3e-4)
        ramp = OneCycleLR(opt, max_lr=1e-3, total_steps=self.trainer.estimated_stepping_batches)
        return {"optimizer": opt, "lr_scheduler": {"scheduler": ramp, "interval": "step"}}
