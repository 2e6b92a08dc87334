import pytorch_lightning as pl
import torch


class ResetsInBatchStart(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.net = torch.nn.Linear(6, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        self.manual_backward(torch.nn.functional.mse_loss(self.net(x), y))
        self.optimizers().step()

    def on_train_batch_start(self, batch, batch_idx):
        for p in self.parameters():
            p.grad = None

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


class ZeroesInBatchEnd(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.net = torch.nn.Linear(6, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        self.manual_backward(torch.nn.functional.mse_loss(self.net(x), y))
        self.optimizers().step()

    def on_train_batch_end(self, outputs, batch, batch_idx):
        for p in self.net.parameters():
            if p.grad is not None:
                p.grad.zero_()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)
