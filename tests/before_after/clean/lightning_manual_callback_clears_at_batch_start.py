import pytorch_lightning as pl
import torch


class ClearGradients(pl.Callback):
    def on_train_batch_start(self, trainer, pl_module, batch, batch_idx):
        for optimizer in trainer.optimizers:
            optimizer.zero_grad()


class TwoHeads(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.trunk = torch.nn.Linear(8, 4)
        self.head = torch.nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        trunk_opt, head_opt = self.optimizers()
        x, y = batch
        self.manual_backward(torch.nn.functional.mse_loss(self.head(self.trunk(x)), y))
        trunk_opt.step()
        head_opt.step()

    def configure_optimizers(self):
        return [torch.optim.Adam(self.trunk.parameters()), torch.optim.Adam(self.head.parameters())]


def fit(loader):
    trainer = pl.Trainer(max_epochs=3, callbacks=[ClearGradients()])
    trainer.fit(TwoHeads(), loader)
