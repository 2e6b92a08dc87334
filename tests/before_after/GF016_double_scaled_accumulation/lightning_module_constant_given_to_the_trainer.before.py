import pytorch_lightning as pl
import torch

ACC = 8


class Regressor(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Linear(16, 1)

    def training_step(self, batch, batch_idx):
        features, target = batch
        loss = torch.nn.functional.mse_loss(self.head(features), target)
        self.log("train_loss", loss)
        loss = loss / ACC  # average over the window
        return loss

    def validation_step(self, batch, batch_idx):
        features, target = batch
        self.log("val_loss", torch.nn.functional.mse_loss(self.head(features), target))

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=3e-4)


def main(train_loader, val_loader):
    trainer = pl.Trainer(max_epochs=10, accumulate_grad_batches=ACC, gradient_clip_val=1.0)
    trainer.fit(Regressor(), train_loader, val_loader)
