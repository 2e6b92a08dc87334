import pytorch_lightning as pl
import torch


class Smoothed(pl.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def training_step(self, batch, batch_idx):
        x, y = batch
        out = self.net(x)
        self.penalty = out.pow(2).mean()
        return torch.nn.functional.mse_loss(out, y)

    def backward(self, loss, *args, **kwargs):
        loss.backward(retain_graph=True)

    def on_after_backward(self):
        (0.01 * self.penalty).backward()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)
