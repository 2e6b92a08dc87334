import pytorch_lightning as pl
import torch
import torch.nn.functional as F


class Manual(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.net = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        x, y = batch
        self.manual_backward(F.mse_loss(self.net(x), y))

    def on_train_batch_end(self, outputs, batch, batch_idx):
        # manual optimization: the hook runs between this batch's backward and the step below
        torch.nn.utils.clip_grad_norm_(self.parameters(), 1.0)
        opt = self.optimizers()
        opt.step()
        opt.zero_grad()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)
