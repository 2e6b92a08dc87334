import pytorch_lightning as pl
import torch


class Net(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.layer = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        opt.zero_grad(set_to_none=True)
        x, y = batch
        loss = torch.nn.functional.mse_loss(self.layer(x), y)
        self.manual_backward(loss)
        opt.step()
        return loss

    def on_train_batch_end(self, outputs, batch, batch_idx):
        self.log("loss", outputs["loss"])

    def on_train_epoch_end(self):
        # once per epoch, not per batch: the steps in between still accumulate
        self.optimizers().zero_grad()
        self.lr_schedulers().step()

    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.05)
        return [opt], [torch.optim.lr_scheduler.StepLR(opt, step_size=1)]
