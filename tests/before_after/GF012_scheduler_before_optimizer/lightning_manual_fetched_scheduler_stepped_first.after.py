import pytorch_lightning as pl
import torch


class Model(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.net = torch.nn.Linear(16, 4)

    def training_step(self, batch, batch_idx):
        optimizer = self.optimizers()
        scheduler = self.lr_schedulers()
        optimizer.zero_grad()
        x, y = batch
        loss = torch.nn.functional.cross_entropy(self.net(x), y)
        self.manual_backward(loss)
        self.clip_gradients(optimizer, gradient_clip_val=1.0)
        optimizer.step()
        scheduler.step()

    def configure_optimizers(self):
        optimizer = torch.optim.AdamW(self.parameters(), lr=1e-3)
        return {"optimizer": optimizer, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=100)}
