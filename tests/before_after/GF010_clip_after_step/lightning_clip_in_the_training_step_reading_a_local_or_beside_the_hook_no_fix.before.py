import pytorch_lightning as pl
import torch
import torch.nn.functional as F


class LocalParams(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        weights = [p for p in self.body.parameters() if p.requires_grad]
        loss = F.mse_loss(self.body(x), y)
        torch.nn.utils.clip_grad_norm_(weights, 0.5)
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


class HookDefined(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        torch.nn.utils.clip_grad_norm_(self.parameters(), 0.5)
        return F.mse_loss(self.body(x), y)

    def on_before_optimizer_step(self, optimizer):
        self.log("lr", optimizer.param_groups[0]["lr"])

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)
