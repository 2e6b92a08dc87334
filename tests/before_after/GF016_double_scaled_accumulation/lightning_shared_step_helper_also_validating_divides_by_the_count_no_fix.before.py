"""The helper whose divided loss `training_step` returns (a name bound once to its result) also
serves `validation_step`: reported (Lightning divides the training loss again), no fix (the
validation loss would change with it)."""
import pytorch_lightning as pl
import torch

ACCUM = 2


class Forecaster(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.rnn = torch.nn.GRU(3, 16, batch_first=True)
        self.out = torch.nn.Linear(16, 1)

    def shared(self, batch, stage):
        seq, target = batch
        hidden, _ = self.rnn(seq)
        loss = torch.nn.functional.mse_loss(self.out(hidden[:, -1]), target)
        self.log(f"{stage}_loss", loss)
        return loss / ACCUM

    def training_step(self, batch, batch_idx):
        loss = self.shared(batch, "train")
        if batch_idx % 50 == 0:
            print(batch_idx, loss.item())
        return loss

    def validation_step(self, batch, batch_idx):
        self.shared(batch, "val")

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=3e-4)


trainer = pl.Trainer(max_epochs=5, accumulate_grad_batches=ACCUM)
trainer.fit(Forecaster(), train_loader, val_loader)
