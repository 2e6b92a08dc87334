# Manual optimization: `self.optimizers(use_pl_optimizer=False)` is the torch optimizer itself, and
# `.lr` set on it is an attribute nobody reads (torch reads `param_groups`). Fixed by writing the
# value into each parameter group.
import lightning.pytorch as L
import torch
from torch import nn


class Manual(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.body = nn.Linear(16, 1)

    def training_step(self, batch, batch_idx):
        optimizer = self.optimizers(use_pl_optimizer=False)
        if batch_idx == 100:
            optimizer.lr = 1e-4
            for param_group in optimizer.param_groups:
                param_group["lr"] = optimizer.lr
        x, y = batch
        loss = nn.functional.mse_loss(self.body(x), y)
        optimizer.zero_grad()
        self.manual_backward(loss)
        optimizer.step()
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=1e-2, momentum=0.9)
