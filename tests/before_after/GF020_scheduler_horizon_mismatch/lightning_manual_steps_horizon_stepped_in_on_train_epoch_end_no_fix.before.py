import lightning as L
import torch


class Denoiser(L.LightningModule):
    def __init__(self, width=16):
        super().__init__()
        self.automatic_optimization = False
        self.enc = torch.nn.Linear(width, 4)
        self.dec = torch.nn.Linear(4, width)

    def training_step(self, batch, batch_idx):
        optimizer = self.optimizers()
        (clean,) = batch
        noisy = clean + 0.1 * torch.randn_like(clean)
        loss = torch.nn.functional.mse_loss(self.dec(self.enc(noisy)), clean)
        optimizer.zero_grad()
        self.manual_backward(loss)
        optimizer.step()
        self.log("train_loss", loss)

    def on_train_epoch_end(self):
        scheduler = self.lr_schedulers()
        scheduler.step()

    def configure_optimizers(self):
        optimizer = torch.optim.AdamW(self.parameters(), lr=2e-3)
        decay = torch.optim.lr_scheduler.PolynomialLR(optimizer, total_iters=self.trainer.estimated_stepping_batches, power=2.0)
        return {"optimizer": optimizer, "lr_scheduler": decay}
