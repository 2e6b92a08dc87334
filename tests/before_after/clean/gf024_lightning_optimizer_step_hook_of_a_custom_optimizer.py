import pytorch_lightning as pl
import torch
import torch.nn.functional as F

from .optim import Lookahead


class LitNet(pl.LightningModule):
    """`Lookahead` (of the project) reads its own `lr` attribute: setting it is how it is tuned."""

    def __init__(self, net):
        super().__init__()
        self.net = net

    def training_step(self, batch, batch_idx):
        x, y = batch
        return F.mse_loss(self.net(x), y)

    def configure_optimizers(self):
        return Lookahead(torch.optim.SGD(self.parameters(), lr=0.1), k=5)

    def optimizer_step(self, epoch, batch_idx, optimizer, optimizer_closure=None):
        optimizer.lr = 0.1 * 0.5 ** epoch
        optimizer.step(closure=optimizer_closure)
