import pytorch_lightning as pl
import torch


class Model(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.net = torch.nn.Linear(4, 1)

    def _update(self, loss):
        opt = self.optimizers()
        self.manual_backward(loss)
        opt.step()

    def training_step(self, batch, batch_idx):
        self.optimizers().zero_grad()
        x, y = batch
        self._update(torch.nn.functional.mse_loss(self.net(x), y))

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)
