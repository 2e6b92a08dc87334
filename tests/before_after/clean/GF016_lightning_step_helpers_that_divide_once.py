"""Helpers whose loss `training_step` returns, each divided once: by the batch size (a sum over
samples); in manual optimization (Lightning divides nothing, the step divides its own window);
a helper dividing by the count whose result is only logged, `training_step` returning the
plain loss; and a helper called with the result multiplied back."""
import lightning.pytorch as L
import torch
from torch import nn

ACC = 4


class SumLoss(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(8, 1)

    def _loss(self, batch):
        x, y = batch
        return nn.functional.mse_loss(self.head(x), y, reduction="sum") / x.shape[0]

    def training_step(self, batch, batch_idx):
        return self._loss(batch)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)


class ManualWindow(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.head = nn.Linear(8, 1)

    def _loss(self, batch):
        x, y = batch
        return nn.functional.mse_loss(self.head(x), y) / ACC

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        loss = self._loss(batch)
        self.manual_backward(loss)
        if (batch_idx + 1) % ACC == 0:
            opt.step()
            opt.zero_grad()
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)


class LoggedShare(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(8, 1)

    def _share(self, loss):
        return loss / self.trainer.accumulate_grad_batches

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = nn.functional.mse_loss(self.head(x), y)
        self.log("share", self._share(loss))
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)


L.Trainer(accumulate_grad_batches=ACC).fit(SumLoss(), loader)
L.Trainer().fit(ManualWindow(), loader)
L.Trainer(accumulate_grad_batches=ACC).fit(LoggedShare(), loader)
