import pytorch_lightning as pl
import torch


class Model(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.net = torch.nn.Linear(16, 4)

    def training_step(self, batch, batch_idx):
        optimizer = self.optimizers()
        optimizer.zero_grad()
        x, y = batch
        self.manual_backward(torch.nn.functional.cross_entropy(self.net(x), y))
        optimizer.step()
        scheduler = self.lr_schedulers()
        scheduler.step()

    def configure_optimizers(self):
        optimizer = torch.optim.AdamW(self.parameters(), lr=1e-3)
        return {"optimizer": optimizer, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=100)}
