import lightning.pytorch as L
import torch
from torch import nn


class ClearingCallback(L.Callback):
    """Lightning calls a callback's on_before_zero_grad right before the module's hook."""

    def on_before_zero_grad(self, trainer, pl_module, optimizer):
        optimizer.zero_grad(set_to_none=True)


class Regressor(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.mse_loss(self.net(x), y)

    def on_before_optimizer_step(self, optimizer):
        self.log("grad_norm", torch.stack([p.grad.norm() for p in self.parameters()]).norm())

    def optimizer_zero_grad(self, epoch, batch_idx, optimizer):
        pass

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


class Base(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = nn.Linear(8, 2)

    def on_train_batch_start(self, batch, batch_idx):
        for p in self.parameters():
            p.grad = None


class Tagger(Base):
    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.cross_entropy(self.layer(x), y)

    def optimizer_zero_grad(self, epoch, batch_idx, optimizer):
        """Cleared in on_train_batch_start."""

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


class Idle(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = nn.Linear(8, 2)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.cross_entropy(self.layer(x), y)

    def optimizer_zero_grad(self, epoch, batch_idx, optimizer):
        ...

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


class ManualIdle(Idle):
    """Its subclass runs manual optimization: the base's idle hook may be meant for it."""

    def __init__(self):
        super().__init__()
        self.automatic_optimization = False

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        opt.zero_grad()
        x, y = batch
        self.manual_backward(nn.functional.cross_entropy(self.layer(x), y))
        opt.step()
