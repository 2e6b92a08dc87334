import pytorch_lightning as pl
import torch


class Configurable(pl.LightningModule):
    def __init__(self, manual: bool):
        super().__init__()
        self.automatic_optimization = not manual
        self.net = torch.nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = torch.nn.functional.mse_loss(self.net(x), y)
        if self.automatic_optimization:
            return loss
        opt = self.optimizers()
        opt.zero_grad()
        self.manual_backward(loss)
        torch.nn.utils.clip_grad_norm_(self.parameters(), 1.0)
        opt.step()

    def on_train_batch_end(self, outputs, batch, batch_idx):
        torch.nn.utils.clip_grad_norm_(self.parameters(), 1.0)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)
