# The training step returns a dict whose "loss" Lightning backpropagates: dividing it by the
# accumulation count divides twice.
import pytorch_lightning as pl
import torch
import torch.nn.functional as F


class Regressor(pl.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = F.mse_loss(self.net(x), y)
        return {"loss": loss, "log": {"train_loss": loss.detach()}}

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)
